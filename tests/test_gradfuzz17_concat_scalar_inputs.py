"""tf.concat with a scalar among later inputs: TF 2.21's ConcatV2 kernel checks each input in turn and refuses a scalar
("Can't concatenate scalars (use tf.stack instead)") before comparing ranks; tapeflow said 'Ranks of all input
tensors should match: shape[0] = [3] vs. shape[1] = []' unless the first input was the scalar (a loss built as
tf.concat([flat_parts, tf.reduce_sum(x)], 0) meets this)."""
import pytest

import framework as tf

HEAD = '{{function_node __wrapped__ConcatV2_N_%d_device_/job:localhost/replica:0/task:0/device:CPU:0}} ConcatOp : '
SCALARS = "Can't concatenate scalars (use tf.stack instead) [Op:ConcatV2] name: concat"


# texts printed by TF 2.21 (str(e) of tf.concat(parts, axis))
@pytest.mark.parametrize('parts, axis, text', [
    (lambda s: [tf.ones([3]), s], 0, HEAD % 2 + SCALARS),
    (lambda s: [tf.ones([3]), s], -1, HEAD % 2 + SCALARS),
    (lambda s: [tf.ones([2, 2]), s], 1, HEAD % 2 + SCALARS),
    (lambda s: [tf.ones([2, 2]), s, tf.ones([3])], 0, HEAD % 3 + SCALARS),
    (lambda s: [tf.ones([2, 2]), tf.ones([3]), s], 0,
     HEAD % 3 + 'Ranks of all input tensors should match: shape[0] = [2,2] vs. shape[1] = [3] [Op:ConcatV2] name: concat'),
    (lambda s: [tf.ones([2, 2]), s], 5,
     HEAD % 2 + 'Expected concatenating dimensions in the range [-2, 2), but got 5 [Op:ConcatV2] name: concat'),
])
def test_concat_scalar_input_texts(parts, axis, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.concat(parts(tf.constant(1.0)), axis)
    assert str(err.value) == text
