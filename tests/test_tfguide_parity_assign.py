"""``Variable.assign*(..., read_value=False)`` returns None in TensorFlow 2.21's eager mode
(/opt/tfref: ``print(v.assign_sub([1., 1.], read_value=False))`` prints None)."""
import numpy as np

import framework as tf


def test_read_value_false_returns_none_and_still_assigns():
    v = tf.Variable([1., 2.])
    assert v.assign([3., 4.], read_value=False) is None
    assert v.assign_add([1., 1.], read_value=False) is None
    assert v.assign_sub([2., 2.], read_value=False) is None
    np.testing.assert_array_equal(v.numpy(), [2., 3.])
    assert v.assign_add([1., 1.]).numpy().tolist() == [3., 4.]      # the default still reads the value
