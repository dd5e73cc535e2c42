"""cumprod / cumsum / reduce_prod making NaN (inf * 0, inf - inf) print no numpy RuntimeWarning, as TF prints
nothing: numpy's Python wrappers (fromnumeric) raised 'invalid value encountered in accumulate / reduce'
outside the framework's own warning filter. Values printed by TF 2.21 (progs/gradfuzz7/t_edges.py)."""
import math
import warnings

import framework as tf

INF, NAN = float('inf'), float('nan')


def _same(values, expected):
    return all((math.isnan(a) and math.isnan(b)) or a == b for a, b in zip(values, expected))


def test_nan_making_scans_and_products_are_silent():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        warnings.filterwarnings('ignore', category=RuntimeWarning, module=r'(framework|layers|optim)(\.|$)')
        x = tf.constant([1., INF, 0., NAN])
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            y = tf.math.cumprod(x)
            z = tf.reduce_prod(x)
            w = tf.math.cumprod(x, exclusive=True, reverse=True)
        s = tf.math.cumsum(tf.constant([INF, -INF, 1.]))
        p = tf.reduce_prod(tf.constant([INF, 0.]), axis=0)
        gy, gz, gw = (tape.gradient(v, x) for v in (y, z, w))
    assert [str(c.message) for c in caught if issubclass(c.category, RuntimeWarning)] == []
    assert _same(y.numpy().tolist(), [1.0, INF, NAN, NAN])
    assert _same(s.numpy().tolist(), [INF, NAN, NAN]) and math.isnan(float(z)) and math.isnan(float(p))
    assert _same(gy.numpy().tolist(), [NAN, NAN, 0.0, NAN])
    assert _same(gz.numpy().tolist(), [NAN] * 4)
    assert _same(gw.numpy().tolist(), [0.0, NAN, 0.0, NAN])
