"""Packaging lives in setup.cfg; this file lets ``pip install -e .`` work everywhere."""
from setuptools import setup

setup()
