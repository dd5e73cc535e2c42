"""tf.reverse with a numpy scalar axis: ReverseV2's rank error; TF 2.21's eager fast path takes an np.float64 (a Python
float) and adds the ' name: ' tail, other numpy scalars go the slow path without it; tapeflow never added it for
np.float64."""
import numpy as np
import pytest

import framework as tf

TEXT = ("{{function_node __wrapped__ReverseV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} 'dims' must be "
        "1-dimension, not 0 [Op:ReverseV2]")


@pytest.mark.parametrize('axis,tail', [(np.float64(1.0), ' name: '), (np.float64(0.0), ' name: '), (1, ' name: '),
                                       (np.int64(1), ''), (np.int32(1), ''), (np.float32(1), ''),
                                       (np.bool_(True), '')], ids=repr)
def test_scalar_axis_rank_error(axis, tail):
    # TF 2.21's texts
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.reverse(tf.constant([[1, 2], [3, 4]]), axis)
    assert str(info.value) == TEXT + tail
