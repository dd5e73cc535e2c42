"""The examples run as scripts and reach sensible results (kept short)."""
import importlib.util
import pathlib
import re
import subprocess
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / 'examples'


def _run(name):
    done = subprocess.run([sys.executable, str(EXAMPLES / name)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _load(name):
    spec = importlib.util.spec_from_file_location(name[:-3], EXAMPLES / name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_gradient_tape_basics_prints_the_posts_values():
    out = _run('gradient_tape_basics.py')
    assert 'd(2x)/dx at x=3: 2.0' in out and 'd(x*x)/dx at x=3: 6.0' in out
    assert 'n = -3.0: gradient = 2.0' in out and 'n = 3.0: gradient = 27.0' in out
    assert re.search(r'numpy=6\.0>, <tf.Tensor: shape=\(\), dtype=float32, numpy=5\.0>\]', out)


def test_linear_regression_finds_w_2_and_b_1():
    out = _run('linear_regression.py')
    w = float(re.search(r'^W = ([\d.]+)', out, re.M).group(1))
    b = float(re.search(r'^b = ([\d.]+)', out, re.M).group(1))
    assert w == pytest.approx(2.0, abs=0.02) and b == pytest.approx(1.0, abs=0.03)


def test_custom_training_loop_lowers_its_loss():
    out = _run('custom_training_loop.py').replace('\r', '\n')
    losses = [float(v) for v in re.findall(r'^442/442 - mean: ([\d.]+)', out, re.M)]
    assert len(losses) == 5 and losses[-1] < 0.5 * losses[0]


def test_fit_regression_beats_the_mean_predictor(capsys):
    test_mae, baseline = _load('fit_regression.py').main()
    assert test_mae < 0.75 * baseline
    assert 'test MAE' in capsys.readouterr().out


def test_fit_classification_reaches_high_accuracy(capsys):
    accuracy = _load('fit_classification.py').main(epochs=8)
    assert accuracy > 0.9
    assert 'test accuracy' in capsys.readouterr().out
