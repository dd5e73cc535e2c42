"""A TensorShape (x.shape, x.shape[1:], TensorShape([None, 3]), TensorShape(None)) where an op takes a shape.

Golden values printed by TF 2.21 (/work/notes/progs/shapes1/p1.py and the snippets in each test): TF converts
a shape argument to a tensor, which refuses a TensorShape with an unknown length or rank in one sentence,
'Cannot convert a partially known TensorShape (None, 3) to a Tensor.' ('<unknown>' for TensorShape(None)).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

PARTIAL = tf.TensorShape([None, 3])
UNKNOWN = tf.TensorShape(None)

TAKES_A_SHAPE = {
    'random.normal': lambda v: tf.random.normal(v),
    'random.uniform int': lambda v: tf.random.uniform(v, maxval=4, dtype=tf.int32),
    'random.gamma': lambda v: tf.random.gamma(v, 1.),
    'random.stateless_uniform int': lambda v: tf.random.stateless_uniform(v, [1, 2], maxval=5, dtype=tf.int32),
    'random.stateless_normal': lambda v: tf.random.stateless_normal(v, [1, 2]),
    'random.stateless_binomial': lambda v: tf.random.stateless_binomial(v, [1, 2], 5, 0.5),
    'Generator.normal': lambda v: tf.random.Generator.from_seed(1).normal(v),
    'keras.random.normal': lambda v: keras.random.normal(v, seed=1),
    'keras.random.randint': lambda v: keras.random.randint(v, 0, 5, seed=1),
    'scatter_nd': lambda v: tf.scatter_nd([[0, 0]], [1.], v),
    'slice size': lambda v: tf.slice(tf.ones([3, 4]), [0, 0], v),
    'strided_slice end': lambda v: tf.strided_slice(tf.ones([3, 4]), [0, 0], v),
    'tile': lambda v: tf.tile(tf.ones([1, 1]), v),
    'SparseTensor dense_shape': lambda v: tf.sparse.SparseTensor([[0, 0]], [1.], v),
    'image.random_crop': lambda v: tf.image.random_crop(tf.ones([4, 4]), v, seed=1),
    'initializers.RandomNormal': lambda v: keras.initializers.RandomNormal(seed=1)(v),
    'initializers.Ones': lambda v: keras.initializers.Ones()(v),
    'initializers.Zeros': lambda v: keras.initializers.Zeros()(v),
    'initializers.Constant': lambda v: keras.initializers.Constant(2.)(v),
}


@pytest.mark.parametrize('name', sorted(TAKES_A_SHAPE))
@pytest.mark.parametrize('shape, shown', [(PARTIAL, '(None, 3)'), (UNKNOWN, '<unknown>')])
def test_a_shape_of_unknown_lengths_is_refused_as_tf_converts_it(name, shape, shown):
    # TF 2.21, each op: ValueError: Cannot convert a partially known TensorShape (None, 3) to a Tensor.
    # (tapeflow before: the op's own TypeError / InvalidArgumentError, or 'Cannot iterate over a shape ...')
    with pytest.raises(ValueError) as info:
        TAKES_A_SHAPE[name](shape)
    assert str(info.value) == 'Cannot convert a partially known TensorShape %s to a Tensor.' % shown


@pytest.mark.parametrize('name', sorted(TAKES_A_SHAPE))
def test_a_known_shape_still_works(name):
    shape = tf.ones([2, 3]).shape
    if name == 'tile':
        shape = shape[:0] + (2, 3)
    result = TAKES_A_SHAPE[name](shape)
    assert tuple(result.shape) == (2, 3)


def test_orthogonal_keeps_its_own_errors():
    # TF 2.21: Orthogonal multiplies the entries before converting: TypeError for (None, 3) (tapeflow's words differ,
    # a known difference); it must not report the conversion's sentence
    with pytest.raises(TypeError):
        keras.initializers.Orthogonal(seed=1)(PARTIAL)


def test_extract_patches_takes_a_known_tensorshape_as_sizes():
    # TF 2.21:
    #   s = tf.ones([2, 3]).shape
    #   tf.image.extract_patches(tf.reshape(tf.range(16.), [1, 4, 4, 1]), sizes=[1] + s + [1], strides=[1, 1, 1, 1],
    #       rates=[1, 1, 1, 1], padding='VALID').numpy().reshape(-1).tolist()[:12]
    #   -> [0.0, 1.0, 2.0, 4.0, 5.0, 6.0, 1.0, 2.0, 3.0, 5.0, 6.0, 7.0]   (tapeflow: TypeError "Expected list ...")
    s = tf.ones([2, 3]).shape
    patches = tf.image.extract_patches(tf.reshape(tf.range(16.), [1, 4, 4, 1]), sizes=[1] + s + [1],
                                       strides=[1, 1, 1, 1], rates=[1, 1, 1, 1], padding='VALID')
    assert patches.shape == (1, 3, 2, 6)
    assert patches.numpy().reshape(-1).tolist()[:12] == [0., 1., 2., 4., 5., 6., 1., 2., 3., 5., 6., 7.]


def test_extract_patches_refuses_a_partial_tensorshape_whole():
    # TF 2.21: TypeError Expected list for 'ksizes' argument to 'extract_image_patches' Op, not
    # TensorShape([1, None, 3, 1]).
    with pytest.raises(TypeError) as info:
        tf.image.extract_patches(tf.ones([1, 4, 4, 1]), sizes=tf.TensorShape([1, None, 3, 1]), strides=[1, 1, 1, 1],
                                 rates=[1, 1, 1, 1], padding='VALID')
    assert str(info.value) == ("Expected list for 'ksizes' argument to 'extract_image_patches' Op, not "
                               "TensorShape([1, None, 3, 1]).")


def test_tensor_array_element_shape_of_unknown_rank():
    # TF 2.21: tf.TensorArray(tf.float32, size=2, element_shape=tf.TensorShape(None)).element_shape -> <unknown>;
    # writing [1., 2.] and [3., 4.] stacks to [[1., 2.], [3., 4.]] (tapeflow: 'Cannot iterate over a shape ...')
    ta = tf.TensorArray(tf.float32, size=2, element_shape=UNKNOWN)
    assert str(ta.element_shape) == '<unknown>'
    stacked = ta.write(0, [1., 2.]).write(1, [3., 4.]).stack()
    np.testing.assert_array_equal(stacked.numpy(), [[1., 2.], [3., 4.]])


def test_ragged_to_tensor_with_a_shape_of_unknown_rank():
    # TF 2.21: tf.ragged.constant([[1], [2, 3]]).to_tensor(shape=tf.TensorShape(None)) -> [[1 0] [2 3]] int32
    dense = tf.ragged.constant([[1], [2, 3]]).to_tensor(shape=UNKNOWN)
    assert dense.dtype == tf.int32
    np.testing.assert_array_equal(dense.numpy(), [[1, 0], [2, 3]])


@pytest.mark.parametrize('size', [PARTIAL, UNKNOWN])
def test_image_resize_refuses_a_partial_tensorshape_size_as_tf(size):
    # TF 2.21: tf.image.resize(tf.ones([1, 4, 4, 1]), tf.TensorShape([None, 3])) (and TensorShape(None)):
    # ValueError: 'size' must be a 1-D int32 Tensor   (tapeflow before: its own sentence / the 2-elements error)
    with pytest.raises(ValueError) as info:
        tf.image.resize(tf.ones([1, 4, 4, 1]), size)
    assert str(info.value) == "'size' must be a 1-D int32 Tensor"
    assert tf.image.resize(tf.ones([1, 4, 4, 1]), tf.ones([1, 5, 6, 1]).shape[1:3]).shape == (1, 5, 6, 1)


@pytest.mark.parametrize('body, arg', [
    (lambda a: tf.reshape(a, a.shape), 'shape'),
    (lambda a: tf.broadcast_to(a, a.shape), 'shape'),
    (lambda a: tf.fill(a.shape, 1.), 'dims'),
    (lambda a: tf.tile(a, a.shape), 'multiples'),
    (lambda a: tf.scatter_nd([[0, 0]], [1.], a.shape), 'shape'),
    (lambda a: tf.slice(a, [0, 0], a.shape), 'size'),
    (lambda a: tf.strided_slice(a, [0, 0], a.shape), 'end'),
    (lambda a: tf.random.normal(a.shape), None),      # converted before any op builder: the sentence alone
    (lambda a: tf.zeros(a.shape), None),
])
def test_in_a_function_the_op_builder_names_the_input_it_could_not_convert(body, arg):
    # TF 2.21, tf.function(body, input_signature=[tf.TensorSpec([None, 3])], autograph=False)(tf.ones([2, 3])):
    # ValueError: Tried to convert 'shape' to a tensor and failed. Error: Cannot convert a partially known
    # TensorShape (None, 3) to a Tensor.   (random.normal, zeros: the conversion's sentence alone)
    fn = tf.function(body, input_signature=[tf.TensorSpec([None, 3])], autograph=False)
    with pytest.raises(ValueError) as info:
        fn(tf.ones([2, 3]))
    sentence = 'Cannot convert a partially known TensorShape (None, 3) to a Tensor.'
    expected = sentence if arg is None else "Tried to convert '%s' to a tensor and failed. Error: %s" % (arg, sentence)
    assert str(info.value).strip().split('\n')[-1] == expected


@pytest.mark.parametrize('batch_shape, words', [
    ([None, 3], "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    (PARTIAL, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ((2, None), "Can't convert Python sequence with mixed types to Tensor."),
    (UNKNOWN, 'Cannot iterate over a shape with unknown rank.'),
])
def test_eye_batch_shape_of_unknown_sizes(batch_shape, words):
    # TF 2.21: tf.eye(2, batch_shape=...) for each row raises ValueError with these words
    # (tapeflow before: TypeError "'<' not supported between instances of 'NoneType' and 'int'")
    with pytest.raises(ValueError) as info:
        tf.eye(2, batch_shape=batch_shape)
    assert str(info.value) == words
    assert tf.eye(2, batch_shape=tf.ones([2, 3]).shape).shape == (2, 3, 2, 2)
