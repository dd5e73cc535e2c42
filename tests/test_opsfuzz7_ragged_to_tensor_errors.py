"""RaggedTensor.to_tensor's shape / default_value refusals in the RaggedTensorToTensor kernel's words (texts
printed by TF 2.21 with the same calls). Before: ValueErrors of tapeflow's own."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_PREFIX = ('{{function_node __wrapped__RaggedTensorToTensor_num_row_partition_tensors_%d_device_/job:localhost/'
           'replica:0/task:0/device:CPU:0}} ')


@pytest.mark.parametrize('rows, kwargs, rank, text', [
    ([[1., 2., 3.], [], [4.], [5., 6.]], {'shape': [5]}, 1,
     'rt_input.shape and shape=[5] are incompatible: rt_input.rank = 2 but shape.rank = 1'),
    ([[1., 2., 3.], [], [4.], [5., 6.]], {'shape': [None, 2, 1]}, 1,
     'rt_input.shape and shape=[?,2,1] are incompatible: rt_input.rank = 2 but shape.rank = 3'),
    ([[1., 2., 3.], [], [4.], [5., 6.]], {'default_value': [1., 2.]}, 1,
     'default_value.shape=[2] and rt_input.flat_values.shape=[6] are incompatible: default_value.rank = 1  must be '
     'less than rt_input.flat_values.rank = 1'),
    ([[[1], [2, 3]], [[4]]], {'shape': [3, 1]}, 2,
     'rt_input.shape and shape=[3,1] are incompatible: rt_input.rank = 3 but shape.rank = 2'),
])
def test_to_tensor_kernel_errors(rows, kwargs, rank, text):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.ragged.constant(rows).to_tensor(**kwargs)
    assert str(caught.value) == _PREFIX % rank + text + ' [Op:RaggedTensorToTensor] name: '
