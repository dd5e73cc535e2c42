"""tf.SparseTensor with a scalar dense_shape, as TF 2.21 refuses it. Inside a tf.function constant_value_as_shape
takes a scalar only as -1 (an unknown shape): a traced scalar is ValueError "Received a scalar with unknown value as
shape; require a statically known scalar with value '-1' to describe an unknown shape." and a constant 3 "Received a
scalar value '3' as shape; ..."; eagerly TensorShape(dense_shape.numpy()) iterates a numpy scalar: TypeError
"'numpy.int64' object is not iterable". tapeflow raised ValueError 'Shape () must have rank 1' in both.
Texts: TF 2.21's (notes/progs/kerasops10/sp.py, sp_tf.out)."""
import numpy as np
import pytest

import framework as tf

_UNKNOWN = ("Received a scalar with unknown value as shape; require a statically known scalar with value '-1' to "
            "describe an unknown shape.")


@pytest.mark.parametrize('shape', [
    tf.constant(3, tf.int64), tf.constant(-1, tf.int64), 3, np.int64(3)])
def test_eager_scalar_dense_shape(shape):
    with pytest.raises(TypeError) as caught:
        tf.SparseTensor([[0, 1]], [1.], shape)
    assert str(caught.value) == "'numpy.int64' object is not iterable"


@pytest.mark.parametrize('make, spec, text', [
    (lambda x: tf.cast(x[0], tf.int64), tf.TensorSpec((2,), tf.float32), _UNKNOWN),
    (lambda x: x[0], tf.TensorSpec((2,), tf.int64), _UNKNOWN),
    (lambda x: tf.shape(x, out_type=tf.int64)[0], tf.TensorSpec((2,), tf.float32), _UNKNOWN),
    (lambda x: tf.size(x, out_type=tf.int64), tf.TensorSpec((None,), tf.float32), _UNKNOWN),
    (lambda x: tf.constant(3, tf.int64), tf.TensorSpec((2,), tf.float32),
     "Received a scalar value '3' as shape; require a statically known scalar with value '-1' to describe an unknown "
     "shape."),
])
def test_traced_scalar_dense_shape(make, spec, text):
    caught = []

    @tf.function(input_signature=[spec])
    def f(x):
        try:
            tf.SparseTensor([[0, 1]], [1.], make(x))
        except ValueError as error:
            caught.append(str(error))
        return x
    f.get_concrete_function()
    assert caught and set(caught) == {text}


def test_vector_dense_shape_still_builds():
    sp = tf.SparseTensor([[0, 1]], [1.], tf.constant([2, 3], tf.int64))
    np.testing.assert_array_equal(tf.sparse.to_dense(sp).numpy(), [[0., 1., 0.], [0., 0., 0.]])
