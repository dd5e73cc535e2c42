"""tf.math.cumulative_logsumexp over NaN and inf as TF 2.21's scan (Eigen's LogSumExp reducer:
max(acc, x) + log1p(exp(min - max)); std::min / max give acc for a NaN x, so a NaN adds the running
sum to itself, and inf - inf makes the sum NaN). Before: numpy's logaddexp.accumulate, NaN from a NaN on.

Golden values printed by TF 2.21 with
``[float(v).hex() for v in tf.math.cumulative_logsumexp(tf.constant(x, dtype), **kw).numpy().ravel()]``."""
import numpy as np
import pytest

import framework as tf

nan, inf = np.nan, np.inf


@pytest.mark.parametrize('x, kwargs, expected', [
    ([1., nan, 2.], {}, ['0x1.0000000000000p+0', '0x1.b172180000000p+0', '0x1.4695be0000000p+1']),
    ([1., nan, 2.], {'reverse': True}, ['0x1.6e55d80000000p+1', '0x1.58b90c0000000p+1', '0x1.0000000000000p+1']),
    ([1., nan, 2.], {'exclusive': True}, ['-inf', '0x1.0000000000000p+0', '0x1.b172180000000p+0']),
    ([nan, nan, 3.], {}, ['-inf', '-inf', '0x1.8000000000000p+1']),
    ([2., nan, inf], {'reverse': True}, ['nan', 'nan', 'inf']),
    ([inf, nan], {}, ['inf', 'nan']),
    ([inf, inf, 1.], {}, ['inf', 'nan', 'nan']),
    ([inf, inf, 1.], {'reverse': True}, ['nan', 'inf', '0x1.0000000000000p+0']),
    ([-inf, inf, inf], {}, ['-inf', 'inf', 'nan']),
    ([3., -inf, nan, 1.], {}, ['0x1.8000000000000p+1', '0x1.8000000000000p+1', '0x1.d8b90c0000000p+1',
                               '0x1.e11a940000000p+1']),
])
def test_float32_scans_over_nan_and_inf(x, kwargs, expected):
    out = tf.math.cumulative_logsumexp(tf.constant(x), **kwargs)
    assert [float(v).hex() for v in out.numpy()] == expected


def test_float64_float16_and_axis0():
    f64 = tf.math.cumulative_logsumexp(tf.constant([1., nan, 2.], tf.float64))
    assert [float(v).hex() for v in f64.numpy()] == ['0x1.0000000000000p+0', '0x1.b17217f7d1cf8p+0',
                                                     '0x1.4695bd89f1f34p+1']
    f16 = tf.math.cumulative_logsumexp(tf.constant([1., nan, 2.], tf.float16))
    assert [float(v).hex() for v in f16.numpy()] == ['0x1.0000000000000p+0', '0x1.b180000000000p+0',
                                                     '0x1.4680000000000p+1']
    rows = tf.math.cumulative_logsumexp(tf.constant([[1., nan], [nan, 2.]]), axis=0)
    assert [float(v).hex() for v in rows.numpy().ravel()] == ['0x1.0000000000000p+0', '-inf',
                                                              '0x1.b172180000000p+0', '0x1.0000000000000p+1']
