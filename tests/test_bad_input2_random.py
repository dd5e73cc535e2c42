"""keras.random and the random initializers refuse shapes and counts TensorFlow refuses.

Keras 3.15 on TF 2.21 passes a shape, randint's bounds and categorical's num_samples to
TensorFlow as int32 tensors: (2.5, 3) raises InvalidArgumentError ('Value for attr
Tshape of float'), randint(.., 0.5, 3) and categorical(.., 2.5) raise TypeError ('Cannot
convert 0.5 to EagerTensor of dtype int32'). Here int() made them (2, 3), 0 and 2.
shuffle(axis=3) of a vector raised IndexError; dropout(rate='a') a bare comparison error.
"""
import numpy as np
import pytest

from framework import errors, keras

LOGITS = np.zeros((1, 3), np.float32)


@pytest.mark.parametrize('call, error, words', [
    (lambda: keras.random.normal((2.5, 3), seed=1), errors.InvalidArgumentError,      # TF 2.21's kernel registry
     "Value for attr 'Tshape' of float is not in the list of allowed values: int32, int64"),
    (lambda: keras.random.truncated_normal((None,), seed=1), ValueError,      # TF 2.21's converter's words
     r"Attempt to convert a value \(None\) with an unsupported type \(<class 'NoneType'>\) to a Tensor."),
    (lambda: keras.random.uniform(('a',), seed=1), errors.InvalidArgumentError,
     "Value for attr 'Tshape' of string is not in the list of allowed values: int32, int64"),
    (lambda: keras.random.randint((3,), 0.5, 3, seed=1), TypeError, 'keras.random.randint: minval must be an integer'),
    (lambda: keras.random.categorical(LOGITS, 2.5, seed=1), TypeError,
     'keras.random.categorical: num_samples must be an integer'),
    # TF 2.21: StridedSlice's InvalidArgumentError (a ValueError in tapeflow too)
    (lambda: keras.random.shuffle(np.arange(4.0), axis=3, seed=1), ValueError,
     'slice index 3 of dimension 0 out of bounds.'),
    (lambda: keras.random.dropout(np.ones(4, np.float32), 'a', seed=1), ValueError,
     'keras.random.dropout: `rate` must be a scalar or scalar tensor'),
    # TF 2.21: the initializers hand the shape to keras.random's kernels (Orthogonal to Reshape at the end)
    (lambda: keras.initializers.GlorotUniform(seed=1)((2.5, 3)), errors.InvalidArgumentError,
     r"Value for attr 'Tshape' of float is not in the list of allowed values: int32, int64\n\t; "
     r"NodeDef: \{\{node StatelessRandomUniformV2\}\}"),
    (lambda: keras.initializers.Orthogonal(seed=1)((2.0, 2)), errors.InvalidArgumentError,
     r"Value for attr 'Tshape' of float is not in the list of allowed values: int32, int64\n\t; "
     r"NodeDef: \{\{node Reshape\}\}"),
])
def test_tensorflow_refuses_and_so_do_we(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_integer_shapes_of_any_kind_still_work():
    with pytest.raises(errors.InvalidArgumentError, match=r'shape must be a vector of \{int32,int64\}, got shape \[\]'):
        keras.random.normal(3, seed=1)     # a bare number is no shape to TF 2.21 (StatelessRandomNormalV2)
    assert tuple(keras.random.uniform(keras.ops.convert_to_tensor([2, 2]), seed=1).shape) == (2, 2)
    assert tuple(keras.random.normal((np.int64(2), 3), seed=1).shape) == (2, 3)
    assert tuple(keras.initializers.HeNormal(seed=1)((np.int32(4), 2)).shape) == (4, 2)
    assert float(keras.random.dropout(np.ones(4, np.float32), keras.ops.convert_to_tensor(0.0), seed=1)[0]) == 1.0
