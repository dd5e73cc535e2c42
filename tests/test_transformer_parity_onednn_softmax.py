"""float32 softmax with the bits of oneDNN's kernel, which TensorFlow's x86 wheels run
(framework/ops/onednn_softmax.py) where it turns oneDNN on (framework/onednn_policy.py: CPUs with
AVX512_VNNI / AVX512_BF16 / AMX, or TF_ENABLE_ONEDNN_OPTS=1); elsewhere Eigen's order, as on TF.

The Transformer tutorials' attention weights go through it: with it (and set_tf_exact_math(True))
the tutorial's first forward pass is TF's to the bit. Golden values: float32 bit patterns (as
int32) printed by TF 2.21 (Xeon, AVX-512, oneDNN on) for tf.nn.softmax of
np.random.RandomState(9).randn(*shape) * 3, drawn for the shapes in this order.
"""
import numpy as np
import pytest

import framework as tf
from framework import onednn_policy
from framework.config import set_tf_exact_math
from framework.ops import onednn_softmax
from framework.ops.eigen_math import ENABLED

_ROWS_OF_3 = [1060121310, 1049842321, 1019575124, 1059197947, 1045992235, 1042226412]
_ROWS_OF_12 = [933355452, 970718942, 979959744, 965301316, 1011481206, 1051545676, 999424712, 1014653555,
               1054743968, 1004163276, 1044363994, 956344850, 1006203043, 1058027230, 1035099346, 1011818474,
               1043910096, 1024677040, 1029535355, 998352799, 1018168985, 1023149741, 992533504, 934631970]
_ROW_OF_30 = [969099403, 1061230189, 875108914, 939606612, 964493805, 982273999, 1013465825, 1009931803,
              1019435036, 1023182835, 948676313, 970151342, 954162453, 988259196, 958532999, 939199141,
              1041878101, 966746595, 949176089, 1002023401, 928235915, 954009445, 947106151, 900431833,
              875667022, 970092262, 948683612, 948533183, 1000159575, 939977248]


@pytest.fixture(autouse=True)
def _onednn_as_measured(monkeypatch):
    # the goldens are TF's with oneDNN on an AVX-512 CPU, whatever this machine's default
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    monkeypatch.setattr(onednn_policy, 'vector_lanes', lambda: 16)


def _inputs():
    rng = np.random.RandomState(9)
    return [(rng.randn(*shape) * 3).astype(np.float32) for shape in [(2, 3), (2, 12), (1, 30)]]


def _bits(x):
    return tf.nn.softmax(x).numpy().ravel().view(np.int32).tolist()


def test_small_softmaxes_carry_onednn_bits():
    rows_of_3, rows_of_12, row_of_30 = _inputs()
    assert _bits(rows_of_3) == _ROWS_OF_3
    assert _bits(rows_of_12) == _ROWS_OF_12
    assert _bits(row_of_30) == _ROW_OF_30


def test_larger_softmaxes_in_exact_mode_and_along_another_axis():
    x = np.tile(_inputs()[1], (3, 1))               # 72 values: past the default exact size
    previous = ENABLED[0]
    set_tf_exact_math(True)
    try:
        assert tf.nn.softmax(x).numpy().ravel().view(np.int32).tolist() == _ROWS_OF_12 * 3
        assert tf.nn.softmax(x.T, axis=0).numpy().T.ravel().view(np.int32).tolist() == _ROWS_OF_12 * 3
    finally:
        set_tf_exact_math(previous)


def test_onednn_off_takes_eigens_order(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    assert not onednn_softmax.active()
    out = tf.nn.softmax(_inputs()[2]).numpy()
    assert out.ravel().view(np.int32).tolist() != _ROW_OF_30      # Eigen's sums differ in ~2/3
    np.testing.assert_allclose(out.sum(), 1.0, rtol=1e-6)


@pytest.mark.parametrize('row', [[0.0, -200.0, 1.0], [88.0, 0.0, -90.0], [5.0, 5.0, 5.0]])
def test_extreme_logits_stay_a_distribution(row):
    out = tf.nn.softmax(np.array([row], np.float32)).numpy()
    assert np.isfinite(out).all() and abs(out.sum() - 1.0) < 1e-6


def test_policy_follows_the_environment_variable(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', 'false')
    assert not onednn_policy.enabled()
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', 'True')
    assert onednn_policy.enabled()
    monkeypatch.delenv('TF_ENABLE_ONEDNN_OPTS')
    assert onednn_policy.enabled() == onednn_policy.default_for_this_cpu()
