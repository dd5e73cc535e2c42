"""tf.sparse.reshape refuses a shape that does not fit with TF 2.21's SparseReshape InvalidArgumentError
texts, in its kernel's check order (tapeflow raised a ValueError whose text showed np.int64(3));
tapeflow's sentence is a note. Texts printed by TF 2.21 (/work/notes/progs/tfguides/sparse7.py)."""
import pytest

import framework as tf

_HEAD = '{{function_node __wrapped__SparseReshape_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
_TAIL = ' [Op:SparseReshape] name: '


def _sparse():
    return tf.sparse.SparseTensor(indices=[[2, 4], [0, 3]], values=[20, 10], dense_shape=[3, 10])


@pytest.mark.parametrize('shape, text', [
    ([7, 7], 'Input to reshape is a tensor with 30 dense values, but the requested shape has 49. '
             'input_shape=[3,10] output_shape=[7,7]'),
    ([7, -1], 'Input to reshape is a SparseTensor with 30 dense values, but the requested shape requires a '
              'multiple of 7. input_shape=[3,10] output_shape=[7,1]'),
    ([-1, -1], 'only one output dimension may be -1, not both 0 and 1'),
    ([5, -2], 'size 1 must be non-negative, not -2'),
    ([2, 3, 4], 'Input to reshape is a tensor with 30 dense values, but the requested shape has 24. '
                'input_shape=[3,10] output_shape=[2,3,4]'),
    ([0, -1], 'reshape cannot infer the missing input size for an empty tensor unless all specified input '
              'sizes are non-zero'),
])
def test_misfit_shape_raises_tf_kernel_text(shape, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.sparse.reshape(_sparse(), shape)
    assert str(caught.value) == _HEAD + text + _TAIL
    assert 'sparse.reshape: cannot reshape a SparseTensor of shape [3, 10]' in ''.join(caught.value.__notes__)


def test_fitting_shapes_reshape():
    assert tf.sparse.reshape(_sparse(), [30]).dense_shape.numpy().tolist() == [30]
    out = tf.sparse.reshape(_sparse(), [-1, 5])
    assert out.dense_shape.numpy().tolist() == [6, 5]
    assert tf.sparse.to_dense(tf.sparse.reorder(out)).numpy()[4, 4] == 20
