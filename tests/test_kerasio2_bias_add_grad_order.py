"""Bias gradients of channels-last layers sum as TensorFlow's BiasAddGrad kernel
(framework/ops/bias_add_kernel.py): ReduceOuterDimensions on TF's intra-op thread pool, whose
size changes the bits. tapeflow's Conv layers summed them in Eigen's reduction order (from 4096
values) or numpy's, off TF on every measured CNN bias (mnist_convnet's Conv2D(32) included).

Golden bits: TF 2.21 (tensorflow-cpu, /opt/tfref) with
``tf.config.threading.set_intra_op_parallelism_threads(T)``, T = 2 and 4, printed as
``.view(np.uint32).tolist()`` of the bias gradient of ``reduce_sum(tf.nn.bias_add(zeros, b) * g)``
and of ``reduce_sum(Conv2D(8, 3)(x) * g)``, for the arrays below (same seeds, same order).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops.bias_add_kernel import bias_add, bias_add_grad, bias_grad_sum

ROWS_8192_BY_32 = {
    2: [
        3268961026, 1128784521, 3264486255, 1104196976, 1102943852, 1118865142, 1117012576, 3253647997,
        3208757760, 3268157821, 1124384469, 3226897808, 1064340032, 3267753418, 3267826239, 1119656036,
        1118842862, 1097326390, 3272610910, 1127799221, 1085939176, 3275459095, 3248446392, 1126919448,
        1120987564, 1102431224, 1127589082, 1098488812, 1127117564, 3274395534, 1116901634, 1113549933],
    4: [
        3268961027, 1128784514, 3264486257, 1104196968, 1102943912, 1118865153, 1117012568, 3253648017,
        3208756480, 3268157834, 1124384474, 3226897650, 1064340616, 3267753388, 3267826237, 1119656029,
        1118842870, 1097326384, 3272610905, 1127799220, 1085939160, 3275459110, 3248446488, 1126919458,
        1120987575, 1102431184, 1127589088, 1098488848, 1127117578, 3274395534, 1116901627, 1113549994],
}
ROWS_3000_BY_64_TWO_THREADS = [
    3250290550, 3241212960, 1113970020, 3195023488, 3268690666, 3274040044, 1078915548, 1109945195, 3229566606,
    1106158819, 3230392237, 1116608404, 1097571432, 3255109955, 1067210384, 1117428975, 1119475161, 3258479303,
    1107594925, 3249558741, 3221781248, 3245662572, 3233336997, 1113714985, 1082694762, 3259136684, 1101644071,
    1119606384, 3252630193, 3263964676, 1111591336, 3227350770, 1111314568, 3258444969, 3266424060, 3255129088,
    1110349906, 3262748184, 3240212420, 1107489920, 1115270315, 3265475788, 1108815708, 1117804672, 3225606304,
    3264872615, 1079879032, 3254395788, 3263789297, 3255075235, 1092208368, 1083567836, 1092831676, 1071552544,
    3259172280, 1118166036, 1094004952, 1114108393, 3265641190, 3242459984, 1109196562, 1093107206, 3253091185,
    1100383581]
CONV = {
    2: [1115937139, 3277291767, 1102827975, 3259719326, 3272014131, 1123437958, 1124977449, 3262668138],
    4: [1115937133, 3277291794, 1102827908, 3259719257, 3272014134, 1123437988, 1124977434, 3262668160],
}


@pytest.fixture
def pool_size():
    """Set TF's intra-op pool size for one test, then put the setting back."""
    before = tf.config.threading.get_intra_op_parallelism_threads()
    yield tf.config.threading.set_intra_op_parallelism_threads
    tf.config.threading.set_intra_op_parallelism_threads(before)


def _gradient(shape, seed):
    g = np.random.RandomState(seed).normal(size=shape).astype(np.float32)
    b = tf.Variable(np.zeros(shape[-1], np.float32))
    with tf.GradientTape() as tape:
        s = tf.reduce_sum(bias_add(tf.zeros(shape), b) * g)
    return tape.gradient(s, b).numpy().view(np.uint32).tolist()


@pytest.mark.parametrize('threads', [2, 4])
def test_bias_gradient_has_tf_bits_for_the_pool_size(pool_size, threads):
    pool_size(threads)
    assert _gradient((8192, 32), 1) == ROWS_8192_BY_32[threads]


def test_64_channels_on_two_threads_are_summed_in_two_runs(pool_size):
    pool_size(2)
    assert _gradient((3000, 64), 2) == ROWS_3000_BY_64_TWO_THREADS


@pytest.mark.parametrize('threads', [2, 4])
def test_conv2d_bias_gradient_has_tf_bits(pool_size, threads):
    pool_size(threads)
    rng = np.random.RandomState(3)
    x = rng.uniform(size=(32, 30, 30, 1)).astype(np.float32)
    conv = keras.layers.Conv2D(8, 3)
    conv.build(x.shape)
    conv.set_weights([rng.normal(size=(3, 3, 1, 8)).astype(np.float32) * 0.3, np.zeros(8, np.float32)])
    g = rng.normal(size=(32, 28, 28, 8)).astype(np.float32)
    with tf.GradientTape() as tape:
        s = tf.reduce_sum(conv(x) * g)
    assert tape.gradient(s, conv.bias).numpy().view(np.uint32).tolist() == CONV[threads]


def test_one_thread_and_small_or_wide_sums_are_row_after_row(pool_size):
    rng = np.random.RandomState(5)
    pool_size(1)
    big = rng.normal(size=(8192, 32)).astype(np.float32)
    np.testing.assert_array_equal(bias_grad_sum(big), np.add.reduce(big, 0))
    pool_size(2)
    small = rng.normal(size=(500, 16)).astype(np.float32)        # too little work to split
    wide = rng.normal(size=(3000, 65)).astype(np.float32)        # > 32 channels per thread: split by columns
    np.testing.assert_array_equal(bias_grad_sum(small), np.add.reduce(small, 0))
    np.testing.assert_array_equal(bias_grad_sum(wide), np.add.reduce(wide, 0))


def test_half_precision_accumulates_in_float32(pool_size):
    pool_size(2)
    g = np.random.RandomState(6).normal(size=(4096, 16)).astype(np.float16)
    out = bias_grad_sum(g)
    assert out.dtype == np.float16
    np.testing.assert_array_equal(out, np.add.reduce(g.astype(np.float32), 0).astype(np.float16))


def test_bias_add_gradients_match_central_differences():
    rng = np.random.RandomState(7)
    x = tf.constant(rng.normal(size=(3, 4, 5)))
    b = tf.constant(rng.normal(size=(5,)))
    w = tf.constant(rng.normal(size=(3, 4, 5)))
    theoretical, numerical = tf.test.compute_gradient(lambda x, b: tf.reduce_sum(bias_add(x, b) * w), [x, b])
    for t, n in zip(theoretical, numerical):
        np.testing.assert_allclose(t, n, rtol=1e-6, atol=1e-6)
    g = tf.constant(rng.normal(size=(6, 5)))
    theoretical, numerical = tf.test.compute_gradient(lambda g: bias_add_grad(g) * b, [g])
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-6, atol=1e-6)


def test_bias_add_refuses_a_bias_off_the_last_axis():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'bias_add: bias of shape \(4,\) does not match'):
        bias_add(tf.zeros((2, 3)), tf.zeros(4))


# EinsumDense('abc,cd->abd', bias_axes='d'), 2 threads: Keras adds its vector bias with tf.nn.bias_add
EINSUM_DENSE_TWO_THREADS = [
    3246733899, 3268344617, 3261974932, 1108556243, 3256467280, 3258479017, 1118855488, 3262386307, 3238359761,
    1102628131, 3238670831, 3246819789, 3257224218, 1108470057, 3267934951, 3260437459, 3256074450, 3261422907,
    3255841007, 3265659907, 3269047754, 3255060968, 1114089873, 1117867028, 3252108924, 1106964506, 1109942321,
    3242547555, 3246526641, 3256029044, 3241069154, 3257501190]


def test_einsum_dense_vector_bias_gradient_has_tf_bits(pool_size):
    pool_size(2)
    r = np.random.RandomState(10)
    x = r.normal(size=(64, 40, 16)).astype(np.float32)
    layer = keras.layers.EinsumDense('abc,cd->abd', output_shape=(None, 32), bias_axes='d')
    layer.build(x.shape)
    layer.set_weights([r.normal(size=(16, 32)).astype(np.float32), np.zeros(32, np.float32)])
    g = r.normal(size=(64, 40, 32)).astype(np.float32)
    with tf.GradientTape() as tape:
        s = tf.reduce_sum(layer(x) * g)
    assert tape.gradient(s, layer.bias).numpy().view(np.uint32).tolist() == EINSUM_DENSE_TWO_THREADS


# Dense(32) and Dense(32, relu) on (8192, 4) inputs (gold_dense.py): the fused affine op's bias gradient
DENSE = {
    2: ([
        1114879390, 1127832120, 1115687361, 1114185784, 3272667712, 1100881888, 1124079926, 3277177772,
        3256977677, 1125389404, 1120753190, 1111933135, 3274876681, 3254882374, 3240236664, 3236061176,
        3254831745, 1100670934, 1126856512, 1119998818, 1078943872, 3254662065, 1115370320, 3261975131,
        3269056150, 3270798892, 3274280440, 3266158373, 1115446276, 3270232419, 3262565076, 3258247201],
        [
        1111052640, 1116381542, 3258098969, 1116227641, 3267253011, 1107603447, 1112229540, 3272796655,
        3204536352, 1108890693, 1104818204, 1112799468, 3267797616, 3258187091, 1113934275, 1112379899,
        3264275202, 1116610342, 1117640168, 1123373008, 3246807884, 1070727280, 1106565840, 3230918244,
        1105696236, 3266432058, 3271903335, 1075001040, 1108767571, 1096311400, 1095243228, 3270912974]),
    4: ([
        1114879382, 1127832119, 1115687366, 1114185799, 3272667704, 1100881962, 1124079927, 3277177790,
        3256977666, 1125389401, 1120753172, 1111933122, 3274876709, 3254882398, 3240236552, 3236061112,
        3254831738, 1100670990, 1126856508, 1119998808, 1078943488, 3254662080, 1115370306, 3261975121,
        3269056156, 3270798909, 3274280437, 3266158374, 1115446263, 3270232412, 3262565097, 3258247212],
        [
        1111052634, 1116381542, 3258098969, 1116227642, 3267253014, 1107603442, 1112229529, 3272796653,
        3204535360, 1108890696, 1104818203, 1112799476, 3267797627, 3258187090, 1113934310, 1112379901,
        3264275197, 1116610336, 1117640162, 1123373014, 3246807882, 1070727048, 1106565831, 3230918256,
        1105696238, 3266432070, 3271903322, 1075000800, 1108767570, 1096311428, 1095243254, 3270912972]),
}


@pytest.mark.parametrize('threads', [2, 4])
def test_dense_bias_gradient_has_tf_bits(pool_size, threads):
    pool_size(threads)
    r = np.random.RandomState(12)
    x = r.normal(size=(8192, 4)).astype(np.float32)
    dense = keras.layers.Dense(32)
    dense.build(x.shape)
    dense.set_weights([r.normal(size=(4, 32)).astype(np.float32), np.zeros(32, np.float32)])
    g = r.normal(size=(8192, 32)).astype(np.float32)
    relu = keras.layers.Dense(32, activation='relu')
    relu.build(x.shape)
    relu.set_weights([r.normal(size=(4, 32)).astype(np.float32), np.zeros(32, np.float32)])
    for layer, expected in zip((dense, relu), DENSE[threads]):
        with tf.GradientTape() as tape:
            s = tf.reduce_sum(layer(x) * g)
        assert tape.gradient(s, layer.bias).numpy().view(np.uint32).tolist() == expected


# A custom layer's keras.ops.add(matmul(x, w), b) on (8192, 4) inputs, 2 threads: Keras 3's TF backend
# adds the vector with tf.nn.bias_add (BiasAddGrad's order); ``+`` is AddV2 (Eigen's reduction order).
# First 8 of the 32 bits (kadd.py, TF 2.21).
KERAS_ADD_FIRST_8 = [3265929901, 3272377123, 1127851252, 3264955777, 3246106388, 1097521624, 1124547116, 3252612252]
PLUS_FIRST_8 = [3265929896, 3272377130, 1127851250, 3264955773, 3246106194, 1097521552, 1124547109, 3252612296]


def test_keras_ops_add_of_a_bias_is_tf_bias_add(pool_size):
    pool_size(2)
    r = np.random.RandomState(3)
    x = r.normal(size=(8192, 4)).astype(np.float32)
    g = r.normal(size=(8192, 32)).astype(np.float32)
    w, b = tf.Variable(np.ones((4, 32), np.float32)), tf.Variable(np.zeros(32, np.float32))
    for add, expected in ((keras.ops.add, KERAS_ADD_FIRST_8), (lambda u, v: u + v, PLUS_FIRST_8)):
        with tf.GradientTape() as tape:
            s = tf.reduce_sum(add(tf.matmul(x, w), b) * g)
        assert tape.gradient(s, b).numpy().view(np.uint32).tolist()[:8] == expected
    with tf.GradientTape() as tape:
        s = tf.reduce_sum(tf.nn.bias_add(tf.matmul(x, w), b) * g)
    assert tape.gradient(s, b).numpy().view(np.uint32).tolist()[:8] == KERAS_ADD_FIRST_8


def test_keras_ops_add_broadcasts_a_bias_as_keras():
    # Keras 3.15 (TF backend): a (C,) bias matching axis 1 of a 4-D tensor adds there (NCHW bias_add),
    # and a (1, 1, C) bias keeps x's shape
    assert tuple(keras.ops.add(tf.ones((2, 3, 4, 5)), tf.ones((3,))).shape) == (2, 3, 4, 5)
    assert tuple(keras.ops.add(tf.ones((2, 5)), tf.ones((1, 1, 5))).shape) == (2, 5)
    np.testing.assert_array_equal(keras.ops.add(tf.zeros((1, 2, 1, 3)), tf.constant([1.0, 2.0])).numpy()[0, :, 0, 0],
                                  [1.0, 2.0])
