"""The tooling of issue 14: ruff is configured in pyproject.toml and run by the test
command before pytest; CI and the GitHub Pages workflow run that same test command, the
workflow before it uploads anything to deploy."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TEST_COMMAND = "python3 build.py test"


def steps(workflow: str) -> dict[str, list[str]]:
    """Each job's steps (their ``run`` or ``uses`` text, in order) of a GitHub workflow,
    read as text: jobs at two spaces, steps as ``- `` items under them."""
    jobs: dict[str, list[str]] = {}
    job = None
    for line in workflow.splitlines():
        if found := re.match(r"^  ([\w-]+):\s*$", line):
            job = found.group(1)
            jobs[job] = []
        elif job and (found := re.match(r"^\s+(?:- )?(run|uses|needs):\s*(\S.*)$", line)):
            jobs[job].append(f"{found.group(1)}: {found.group(2).strip()}")
        elif job and jobs[job] and jobs[job][-1] == "run: |" and line.strip():
            jobs[job].append("run: " + line.strip())
    return jobs


def test_ruff_is_configured_and_runs_before_pytest():
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["ruff"]["lint"]["select"]
    build = (REPO / "build.py").read_text(encoding="utf-8")
    test = build[build.index("def cmd_test"):build.index("def main")]
    assert test.index('"ruff", "check"') < test.index('"pytest"')


def test_ci_runs_the_test_command():
    assert re.search(r"^exec python3 build\.py test$", (REPO / ".ci" / "run").read_text(encoding="utf-8"), re.M)


def test_the_pages_workflow_tests_before_it_deploys():
    workflows = list((REPO / ".github" / "workflows").glob("*.yml"))
    pages = [w for w in workflows if "deploy-pages" in w.read_text(encoding="utf-8")]
    assert len(pages) == 1, workflows
    jobs = steps(pages[0].read_text(encoding="utf-8"))
    build, deploy = jobs["build"], jobs["deploy"]
    tested = build.index(f"run: {TEST_COMMAND}")
    uploaded = next(i for i, s in enumerate(build) if s.startswith("uses: actions/upload-pages-artifact"))
    assert tested < uploaded, build
    assert "needs: build" in deploy and any(s.startswith("uses: actions/deploy-pages") for s in deploy)


def test_the_workflow_reader_sees_an_untested_deploy():
    untested = """jobs:
  build:
    steps:
      - uses: actions/upload-pages-artifact@v3
      - run: python3 build.py test
  deploy:
    needs: build
    steps:
      - uses: actions/deploy-pages@v4
"""
    build = steps(untested)["build"]
    assert build.index(f"run: {TEST_COMMAND}") > build.index("uses: actions/upload-pages-artifact@v3")
