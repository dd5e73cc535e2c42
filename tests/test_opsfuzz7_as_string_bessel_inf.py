"""Two small kernel edges, as TF 2.21 (golden values and texts printed by tensorflow-cpu 2.21):
- tf.strings.as_string(x, scientific=True, shortest=True): AsString's InvalidArgumentError 'Cannot select
  both scientific and shortest notation' (after its integer-dtype check); tapeflow raised a ValueError.
- tf.math.special.bessel_k0 / k0e / k1 / k1e at +inf: 0 (tapeflow NaN: its quadrature nodes collapse)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

PREFIX = '{{function_node __wrapped__AsString_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def test_as_string_scientific_and_shortest():
    with pytest.raises(InvalidArgumentError) as caught:
        tf.strings.as_string([12345.678], scientific=True, shortest=True)
    assert str(caught.value) == PREFIX + 'Cannot select both scientific and shortest notation [Op:AsString]'
    with pytest.raises(InvalidArgumentError) as caught:
        tf.strings.as_string(tf.constant([1.5]), scientific=True, shortest=True)
    assert str(caught.value) == PREFIX + 'Cannot select both scientific and shortest notation [Op:AsString] name: '
    with pytest.raises(InvalidArgumentError) as caught:
        tf.strings.as_string([1], scientific=True, shortest=True)
    assert str(caught.value) == PREFIX + 'scientific and shortest format not supported for datatype int32 [Op:AsString]'


@pytest.mark.parametrize('name, expected', [
    ('bessel_k0', [0.0, np.inf, None, np.inf]), ('bessel_k0e', [0.0, np.inf, None, np.inf]),
    ('bessel_k1', [0.0, np.inf, None, np.inf]), ('bessel_k1e', [0.0, np.inf, None, np.inf])])
@pytest.mark.parametrize('dtype', [tf.float32, tf.float64])
def test_bessel_k_at_infinities(name, expected, dtype):
    out = getattr(tf.math.special, name)(tf.constant([np.inf, -np.inf, np.nan, 0.], dtype)).numpy()
    assert out[[0, 1, 3]].tolist() == [expected[0], expected[1], expected[3]] and np.isnan(out[2])
