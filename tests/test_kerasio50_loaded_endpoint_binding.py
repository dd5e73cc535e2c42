"""A loaded ExportArchive endpoint made with an input_signature binds its arguments as TF 2.21's restored
function does: refused with the live tf.function's TypeError, cast to the spec's dtype (probe
/work/notes/progs/kerasio50/p16.py). tapeflow ran the Python as given: the layer's input-spec ValueError,
and a list was refused ('Only input tensors may be passed as positional arguments')."""
import numpy as np
import pytest

import framework as tf
from framework import keras

_SIGNATURE = ('for signature: (inputs: TensorSpec(shape=(None, 3), dtype=tf.float32, name=None), training: '
              'Literal[None] = <captured_default_value>, mask: Literal[None] = <captured_default_value>).')


@pytest.fixture
def loaded(tmp_path):
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='d')], name='s')
    archive = keras.export.ExportArchive()
    archive.track(model)
    archive.add_endpoint('serve', model.call, input_signature=[tf.TensorSpec((None, 3), tf.float32)])
    archive.write_out(str(tmp_path / 'e'), verbose=False)
    return model, tf.saved_model.load(str(tmp_path / 'e'))


def test_another_shape_is_the_binding_type_error(loaded):
    _, restored = loaded
    with pytest.raises(TypeError) as caught:
        restored.serve(tf.ones((2, 4)))
    # TF 2.21's text, word for word
    assert str(caught.value) == (
        'Binding inputs to tf.function failed due to `Can not cast TensorSpec(shape=(2, 4), dtype=tf.float32, '
        'name=None) to TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)`. Received args: (<tf.Tensor: '
        'shape=(2, 4), dtype=float32, numpy=\narray([[1., 1., 1., 1.],\n       [1., 1., 1., 1.]], dtype=float32)>,) '
        'and kwargs: {} ' + _SIGNATURE)
    with pytest.raises(TypeError) as caught:
        restored.serve(np.ones((2, 3), 'float32'), training=True)
    assert str(caught.value).startswith('Binding inputs to tf.function failed due to `Can not cast True to '
                                        'Literal[None]`. Received args: (array([[1., 1., 1.],')
    assert str(caught.value).endswith("and kwargs: {'training': True} " + _SIGNATURE)


def test_arrays_and_lists_are_cast_to_the_spec(loaded):
    model, restored = loaded
    out = restored.serve([[1., 2., 3.]])        # TF 2.21: a (1, 2) float32 tensor
    assert out.shape == (1, 2) and out.dtype == tf.float32
    np.testing.assert_array_equal(out.numpy(), model(np.array([[1., 2., 3.]], 'float32')).numpy())
    out = restored.serve(np.ones((2, 3), 'float64'))
    assert out.shape == (2, 2) and out.dtype == tf.float32
