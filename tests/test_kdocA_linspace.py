"""keras.ops.linspace / logspace / geomspace compute as Keras 3 on TensorFlow: tf.linspace in
result_type(start, stop, float) (float64 for numpy float64 ends), endpoint=False as tf.linspace to stop - step,
retstep's step (NaN for one value), integer dtypes floored; logspace = base ** linspace; geomspace from
log10 of the ends, times start's sign (no error for a zero end). Golden: str(dtype) and .tolist() printed by
TF 2.21 + Keras 3.15 for the same calls."""
import numpy as np
import pytest

from framework.keras import ops


def _printed(r):
    if isinstance(r, tuple):
        return str([(str(v.dtype), np.asarray(v).tolist()) for v in r])
    return '%s %s' % (r.dtype, np.asarray(r).tolist())


@pytest.mark.parametrize('call, want', [
    ('ops.linspace(0.3, 7.1, 9)', "<dtype: 'float32'> [0.30000001192092896, 1.149999976158142, 2.0, 2.8499999046325684, 3.6999998092651367, 4.550000190734863, 5.400000095367432, 6.25, 7.099999904632568]"),
    ('ops.linspace(-1.3, 2.1, 7, endpoint=False)', "<dtype: 'float32'> [-1.2999999523162842, -0.8142856359481812, -0.3285713791847229, 0.15714287757873535, 0.6428571939468384, 1.1285715103149414, 1.6142857074737549]"),
    ('ops.linspace(-1.3, 2.1, 7, endpoint=False, retstep=True)', '[("<dtype: \'float32\'>", [-1.2999999523162842, -0.8142856359481812, -0.3285713791847229, 0.15714287757873535, 0.6428571939468384, 1.1285715103149414, 1.6142857074737549]), ("<dtype: \'float32\'>", 0.48571425676345825)]'),
    ('ops.linspace(0.3, 7.1, 9, retstep=True)', '[("<dtype: \'float32\'>", [0.30000001192092896, 1.149999976158142, 2.0, 2.8499999046325684, 3.6999998092651367, 4.550000190734863, 5.400000095367432, 6.25, 7.099999904632568]), ("<dtype: \'float32\'>", 0.8499999642372131)]'),
    ('ops.linspace(np.float64(0.3), 7.1, 5)', "<dtype: 'float64'> [0.3, 2.0, 3.6999999999999997, 5.3999999999999995, 7.1]"),
    ("ops.linspace(0, 10, 4, dtype='int32')", "<dtype: 'int32'> [0, 3, 6, 10]"),
    ('ops.linspace(0, 10, 4)', "<dtype: 'float32'> [0.0, 3.3333332538604736, 6.666666507720947, 10.0]"),
    ('ops.linspace(0, 10, 1)', "<dtype: 'float32'> [0.0]"),
    ('ops.linspace(0, 10, 1, endpoint=False)', "<dtype: 'float32'> [0.0]"),
    ('ops.linspace(0, 10, 0)', "<dtype: 'float32'> []"),
    ('ops.linspace(0, 10, 1, retstep=True)', '[("<dtype: \'float32\'>", [0.0]), ("<dtype: \'float32\'>", nan)]'),
    ("ops.linspace(2, 3, 5, dtype='float16')", "<dtype: 'float16'> [2.0, 2.25, 2.5, 2.75, 3.0]"),
    ('ops.linspace(np.array([0., 1.]), np.array([1., 3.]), 3)', "<dtype: 'float64'> [[0.0, 1.0], [0.5, 2.0], [1.0, 3.0]]"),
    ('ops.linspace(np.array([0., 1.]), np.array([1., 3.]), 3, axis=1)', "<dtype: 'float64'> [[0.0, 0.5, 1.0], [1.0, 2.0, 3.0]]"),
    ('ops.logspace(0.1, 2.3, 6)', "<dtype: 'float32'> [1.258925437927246, 3.4673686027526855, 9.549925804138184, 26.302677154541016, 72.44359588623047, 199.52621459960938]"),
    ('ops.logspace(0, 1, 4, endpoint=False, base=2)', "<dtype: 'float32'> [1.0, 1.1892070770263672, 1.4142135381698608, 1.6817928552627563]"),
    ('ops.logspace(0, 1, 4, base=3)', "<dtype: 'float32'> [1.0, 1.4422495365142822, 2.0800838470458984, 3.0]"),
    ('ops.geomspace(0.5, 300.0, 7)', "<dtype: 'float32'> [0.5, 1.452095627784729, 4.217163562774658, 12.247447967529297, 35.568939208984375, 103.29898071289062, 300.00006103515625]"),
    ('ops.geomspace(1, 1000, 4, endpoint=False)', "<dtype: 'float32'> [1.0, 5.6234130859375, 31.62277603149414, 177.82794189453125]"),
])
def test_values_and_dtypes(call, want):
    assert _printed(eval(call)) == want


def test_errors():
    with pytest.raises(ValueError, match='^`num` must be a non-negative integer. Received: num=-1'):
        ops.linspace(0, 10, -1)
    out = ops.geomspace(0, 10, 3).numpy()
    assert out[0] == 0 and np.isnan(out[1]) and out[2] == 0
