"""Packaging glue that pyproject.toml can't express: the top-level ``resources/`` folder (maps, icons)
is installed as the data package ``chancellery_resources``."""
from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["engine", "engine.*", "app", "app.*"]) + ["chancellery_resources"],
    package_dir={"chancellery_resources": "resources"},
    package_data={
        "chancellery_resources": ["icons/*", "maps/*/*", "maps/*/source/*", "rules/*"],
        "engine": ["py.typed"],
        "app": ["py.typed"],
    },
)
