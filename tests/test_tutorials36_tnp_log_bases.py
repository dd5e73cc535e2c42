"""tnp.log2 / log10 / logaddexp2 compose as TF 2.21's tnp does: ``log(x) / np.log(base)``.

The NumPy float64 divisor leaves a float32 quotient as it is in TF's plain operators, but promotes it to
float64 once numpy behavior is on (TF prints ``log10_f32 float64``; tapeflow kept float32). logaddexp /
logaddexp2 are TF's ``amax + log1p(exp(-|d|))`` compositions (NaN difference: ``x1 + x2``). Values printed
by TF 2.21 (probes tn9.py, tn11.py in /work/notes/progs/tutorials36).
"""
import numpy as np

import framework as tf
import framework.experimental.numpy as tnp


def _values(r):
    return r.dtype, r.numpy().tolist()


def test_plain_float32_stays_float32():
    x = tnp.asarray([1., 2.], tnp.float32)
    assert _values(tnp.logaddexp2(x, 0.5)) == (tf.float32, [1.7715532779693604, 2.4367518424987793])
    assert _values(tnp.logaddexp(x, 0.5)) == (tf.float32, [1.4740769863128662, 2.20141339302063])
    special = tnp.logaddexp2(tnp.asarray([np.inf, -np.inf, np.nan], tnp.float32),
                             tnp.asarray([np.inf, -np.inf, 1.0], tnp.float32))
    assert special.dtype == tf.float32
    assert str(special.numpy().tolist()) == '[inf, -inf, nan]'


def test_numpy_behavior_promotes_the_quotient(numpy_behavior):
    x = tnp.asarray([1., 2.], tnp.float32)
    assert _values(tnp.logaddexp2(x, 0.5)) == (tf.float64, [1.7715532978236308, 2.4367517906795992])
    assert _values(tnp.logaddexp(x, 0.5)) == (tf.float32, [1.4740769863128662, 2.20141339302063])
    assert _values(tnp.logaddexp2(tnp.asarray([1, 2]), tnp.asarray([3, 4]))) == \
        (tf.float64, [3.321928094887362, 4.321928094887363])
    assert _values(tnp.log10(tnp.asarray([10.], tnp.float32))) == (tf.float64, [1.0000000138867557])
    assert _values(tnp.log2(tnp.asarray([8.], tnp.float32))) == (tf.float64, [3.000000008243506])
