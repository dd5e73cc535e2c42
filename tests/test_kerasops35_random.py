"""keras.random's argument checks as Keras 3.15 on TF 2.21 makes them.

tapeflow drew with seeds Keras refuses (a numpy integer, a (1, 2) pair, a seed tensor, True) and took
numpy-integer seeds in SeedGenerator, Dropout, RandomFlip and the random initializers; drew for a bare
number as shape (normal(3)), where TF's stateless kernels refuse it; and worded dtype, bounds, rate and
logits refusals its own way. Now each raises TF's class and text (tapeflow's words as a note).

Goldens: /work/notes/progs/kerasops/g_rand.py run with TF 2.21.
"""
import numpy as np
import pytest

import framework as tf

keras = tf.keras
r = keras.random
SEED_WORDS = 'Argument `seed` must be either an integer or an instance of `SeedGenerator`. Received: seed='


@pytest.mark.parametrize('seed, shown', [(np.int64(5), "5 (of type <class 'numpy.int64'>)"),
                                         ((1, 2), "(1, 2) (of type <class 'tuple'>)")])
def test_seeds_keras_refuses(seed, shown):
    with pytest.raises(ValueError) as caught:
        r.normal((3,), seed=seed)
    assert str(caught.value) == SEED_WORDS + shown


def test_a_seed_tensor_is_refused_and_shown_as_numpy_prints_it():
    with pytest.raises(ValueError) as caught:
        r.uniform((2,), seed=tf.constant([1, 2]))
    assert str(caught.value).startswith(SEED_WORDS + '[1 2] (of type ')


def test_a_bool_seed():
    with pytest.raises(ValueError) as caught:
        r.normal((2,), seed=True)
    assert str(caught.value) == "Can't convert Python sequence with mixed types to Tensor."


@pytest.mark.parametrize('make, words', [
    (lambda: r.SeedGenerator(np.int64(4)), 'Argument `seed` must be an integer. Received: seed=4'),
    (lambda: keras.layers.Dropout(0.5, seed=np.int64(3)), 'Argument `seed` must be an integer. Received: seed=3'),
    (lambda: keras.layers.RandomFlip(seed=np.int32(3)), 'Argument `seed` must be an integer. Received: seed=3'),
    (lambda: keras.initializers.GlorotUniform(seed=np.int64(3)),
     '`seed` argument should be an instance of `keras.random.SeedGenerator()` or an integer. Received: seed=3'),
])
def test_numpy_integer_seeds_are_refused_where_keras_refuses_them(make, words):
    with pytest.raises(ValueError) as caught:
        make()
    assert str(caught.value) == words


@pytest.mark.parametrize('call, error, words', [
    (lambda: r.uniform((5,), dtype='int32', seed=3), ValueError,
     '`keras.random.uniform` requires a floating point `dtype`. Received: dtype=int32 '),
    (lambda: r.randint((6,), 0, 10, seed=2, dtype='float32'), ValueError,
     '`keras.random.randint` requires an integer `dtype`. Received: dtype=float32 '),
    (lambda: r.normal((3,), dtype='int32', seed=1), TypeError, 'Cannot convert 0.0 to EagerTensor of dtype int32'),
    (lambda: r.gamma((3,), 2.0, dtype='int32', seed=1), TypeError, 'Cannot convert 2.0 to EagerTensor of dtype int32'),
    (lambda: r.randint((3,), 0.5, 4, seed=1), TypeError, 'Cannot convert 0.5 to EagerTensor of dtype int32'),
    (lambda: r.randint((3,), 5, 5, seed=1), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StatelessRandomUniformIntV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Need minval < maxval, got 5 >= 5 [Op:StatelessRandomUniformIntV2] name: '),
    (lambda: r.dropout(np.ones(4, 'float32'), -0.1, seed=1), ValueError,
     '`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate=-0.1'),
    (lambda: r.categorical(np.zeros(3, 'float32'), 2, seed=1), ValueError,
     '`logits` should be a 2-D tensor with shape [batch_size, num_classes]. Received: logits=[0. 0. 0.]'),
    (lambda: r.normal(3, seed=1), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StatelessRandomNormalV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'shape must be a vector of {int32,int64}, got shape [] [Op:StatelessRandomNormalV2]'),
    (lambda: r.uniform(3, seed=1), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StatelessRandomUniformV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'shape must be a vector of {int32,int64}, got shape [] [Op:StatelessRandomUniformV2] name: '),
    (lambda: r.binomial(3, 5, 0.5, seed=1), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StatelessRandomBinomial_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Input shape should be a vector, got shape: [] [Op:StatelessRandomBinomial]'),
])
def test_refusals_in_tf_words(call, error, words):
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error or isinstance(caught.value, error)
    assert str(caught.value) == words


def test_dropout_at_rate_zero_hands_the_input_back():
    v = np.arange(4, dtype='int32')
    assert r.dropout(v, 0.0, seed=1) is v


def test_a_refused_rate_has_drawn_its_seed_as_keras_draws_it():
    sg = r.SeedGenerator(7)
    with pytest.raises(ValueError):
        r.dropout(np.ones(3, 'float32'), 1.5, seed=sg)
    np.testing.assert_array_equal(r.normal((2,), seed=sg).numpy(),
                                  np.array([-0.6668517589569092, -2.4468414783477783], 'float32'))


# A shape with a negative size or a float entry ((batch, dim / 2)) reaches TF's stateless kernels as Keras
# hands it on: their errors (tapeflow raised its own TypeError for floats; 'name: ' tails as TF's wrappers).
# Goldens: /work/notes/progs/kerasops/t_rs2.py run with TF 2.21.
_NORMAL_SIGNATURE = ('Op<name=StatelessRandomNormalV2; signature=shape:Tshape, key:uint64, counter:uint64, '
                     'alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, '
                     'DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> '
                     '[Op:StatelessRandomNormalV2]')


@pytest.mark.parametrize('call, words', [
    (lambda: r.normal((2, -1), seed=1),
     '{{function_node __wrapped__StatelessRandomNormalV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Dimension -1 must be >= 0 [Op:StatelessRandomNormalV2]'),
    (lambda: r.uniform((2, -1), seed=1),
     '{{function_node __wrapped__StatelessRandomUniformV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Dimension -1 must be >= 0 [Op:StatelessRandomUniformV2] name: '),
    (lambda: r.binomial((2, -1), 5, 0.5, seed=1),
     '{{function_node __wrapped__StatelessRandomBinomial_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Dimension -1 must be >= 0 [Op:StatelessRandomBinomial]'),
    (lambda: r.beta((2, -1), 2., 2., seed=1),
     '{{function_node __wrapped__BroadcastTo_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Dimension -1 must be >= 0 [Op:BroadcastTo]'),
    (lambda: r.normal((2, 2.0), seed=1),
     "Value for attr 'Tshape' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node "
     "StatelessRandomNormalV2}}; " + _NORMAL_SIGNATURE),
    (lambda: r.normal(('a',), seed=1),
     "Value for attr 'Tshape' of string is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node "
     "StatelessRandomNormalV2}}; " + _NORMAL_SIGNATURE),
    (lambda: r.beta((2.5,), 2., 2., seed=1),
     "Value for attr 'Tidx' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node "
     "BroadcastTo}}; Op<name=BroadcastTo; signature=input:T, shape:Tidx -> output:T; attr=T:type; "
     "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:BroadcastTo]"),
    (lambda: r.gamma((2.5,), 2., seed=1),
     "Value for attr 'shape_dtype' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node "
     "StatelessRandomGammaV3}}; Op<name=StatelessRandomGammaV3; signature=shape:shape_dtype, key:uint64, "
     "counter:uint64, alg:int32, alpha:dtype -> output:dtype; attr=dtype:type,allowed=[DT_HALF, DT_FLOAT, "
     "DT_DOUBLE]; attr=shape_dtype:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:StatelessRandomGammaV3] "
     "name: "),
])
def test_shape_refusals_are_the_kernels(call, words):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    assert str(caught.value) == words
