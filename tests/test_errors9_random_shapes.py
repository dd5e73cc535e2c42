"""tf.random's samplers take a shape vector as TF 2.21's kernels do: a scalar (tf.random.uniform(3), a common
slip) or a nested list is the kernel's 'shape must be a vector of {int32,int64}, got shape []' error (tapeflow
drew 3 values). Texts: /work/notes/progs/errors9/p/u1.py run under TensorFlow 2.21."""
import numpy as np
import pytest

import framework as tf

SAMPLERS = [
    (lambda s: tf.random.uniform(s, seed=1), 'RandomUniform'),
    (lambda s: tf.random.normal(s, seed=1), 'RandomStandardNormal'),
    (lambda s: tf.random.truncated_normal(s, seed=1), 'TruncatedNormal'),
    (lambda s: tf.random.uniform(s, maxval=5, dtype=tf.int32, seed=1), 'RandomUniformInt'),
    (lambda s: tf.random.stateless_uniform(s, [1, 2]), 'StatelessRandomUniformV2'),
    (lambda s: tf.random.stateless_normal(s, [1, 2]), 'StatelessRandomNormalV2'),
    (lambda s: tf.random.stateless_truncated_normal(s, [1, 2]), 'StatelessTruncatedNormalV2'),
]


@pytest.mark.parametrize('draw, kernel', SAMPLERS)
@pytest.mark.parametrize('shape, shown', [(3, ''), (np.int64(3), ''), (tf.constant(3), ''), ([[2, 3]], '1,2'),
                                          (tf.constant([[2, 3]]), '1,2')])
def test_a_shape_that_is_no_vector_is_the_kernels_error(draw, kernel, shape, shown):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        draw(shape)
    assert str(err.value) == ('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                              'shape must be a vector of {int32,int64}, got shape [%s] [Op:%s] name: '
                              % (kernel, shown, kernel))
    assert err.value.__notes__


@pytest.mark.parametrize('draw, kernel', SAMPLERS)
@pytest.mark.parametrize('shape, expected', [((2, 3), (2, 3)), ([], ()), (tf.constant([2, 3]), (2, 3)),
                                             ([tf.constant(2), 3], (2, 3))])
def test_shape_vectors_draw(draw, kernel, shape, expected):
    assert tuple(draw(shape).shape) == expected


@pytest.mark.parametrize('draw, text', [
    (lambda: tf.random.uniform([2], dtype=None), 'Cannot convert the argument `type_value`: None to a TensorFlow DType.'),
    (lambda: tf.random.normal([2], dtype=None), "Expected DataType for argument 'dtype' not None."),
    (lambda: tf.random.truncated_normal([2], dtype=None), "Expected DataType for argument 'dtype' not None."),
    (lambda: tf.random.stateless_uniform([2], [1, 2], dtype=None),
     'Cannot convert the argument `type_value`: None to a TensorFlow DType.'),
])
def test_dtype_none_is_tensorflows_type_error(draw, text):
    # goldens: /work/notes/progs/errors9/p/d1.py under TF 2.21 (was an AttributeError)
    with pytest.raises(TypeError) as err:
        draw()
    assert str(err.value) == text


def test_stateless_normals_fall_back_on_float32_as_tensorflow():
    assert tf.random.stateless_normal([2], [1, 2], dtype=None).dtype == tf.float32
    assert tf.random.stateless_truncated_normal([2], [1, 2], dtype=None).dtype == tf.float32


@pytest.mark.parametrize('bounds', [(0.0, 5), (0, 5.0)])
def test_integer_uniform_takes_integer_bounds_only(bounds):
    # TF 2.21: 'Cannot convert 0.0 to EagerTensor of dtype int32' (errors9 fuzzer, rn.uniform|d_int32)
    with pytest.raises(TypeError) as err:
        tf.random.uniform([2], *bounds, dtype=tf.int32, seed=1)
    assert str(err.value) == 'Cannot convert %r to EagerTensor of dtype int32' % [b for b in bounds
                                                                                   if isinstance(b, float)][0]
