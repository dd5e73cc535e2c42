"""TensorFlow's random values: the Philox stream, stateless ops and Keras 3's seeding.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (tensorflow-cpu on Linux) for the same
calls; tapeflow must give them bit for bit (float32 normals: through the C library's logf and
sincosf, as TensorFlow's kernels; see framework/philox.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework import libm, philox


def values(t):
    return np.asarray(t.numpy()).tolist()


def test_stateless_uniform_float32_and_float64():
    assert values(tf.random.stateless_uniform([6], seed=[7, 17])) == [
        0.5862158536911011, 0.4398200511932373, 0.8853855133056641, 0.38660693168640137, 0.5805493593215942,
        0.3491255044937134]
    assert values(tf.random.stateless_uniform([3], seed=[7, 17], dtype=tf.float64)) == [
        0.6897276405986772, 0.08308461566754977, 0.6443954060769184]


def test_stateless_normal_and_truncated_normal():
    assert values(tf.random.stateless_normal([6], seed=[1, 0])) == [
        0.12665030360221863, -0.4930165708065033, 0.6311907172203064, -0.7888465523719788, 0.5683088898658752,
        -1.5569937229156494]
    assert values(tf.random.stateless_normal([3], seed=[-5, 3], dtype=tf.float64)) == [
        0.4364364905397178, -1.4881526711693076, -0.3330446761119053]
    assert values(tf.random.stateless_truncated_normal([6], seed=[42, 0], mean=1.0, stddev=0.5)) == [
        1.007908582687378, 0.2049565315246582, 1.0517972707748413, 1.4058729410171509, 0.9892960786819458,
        1.059038519859314]


def test_stateless_integers():
    assert values(tf.random.stateless_uniform([6], seed=[3, 4], minval=-7, maxval=1000, dtype=tf.int32)) == [
        472, 440, 529, 904, 712, 578]
    assert values(tf.random.stateless_uniform([3], seed=[3, 4], minval=-7, maxval=10 ** 12, dtype=tf.int64)) == [
        67138117146, 231578452053, 513724515111]
    assert values(tf.random.stateless_uniform([3], seed=[3, 4], minval=None, maxval=None, dtype=tf.int32)) == [
        -1860230133, -671226999, -1390659934]


def test_stateless_dropout():
    kept = 1.6666666269302368
    assert values(tf.nn.experimental.stateless_dropout(tf.ones([2, 5]), 0.4, seed=[11, 2])) == [
        [kept, 0.0, 0.0, kept, 0.0], [kept, 0.0, kept, 0.0, 0.0]]


def test_large_draws_agree_to_the_last_bit_but_rarely():
    # Above philox.LIBM_EXACT_LIMIT values, float32 normals round float64 functions instead of
    # calling logf / sincosf per value: rare last-bit differences, TensorFlow's sum to ~1e-6.
    big = tf.random.stateless_normal([20000], seed=[9, 9]).numpy()
    assert big[[0, 4097, 19999]].tolist() == [0.38793617486953735, 0.4298016428947449, -0.983383059501648]
    assert abs(float(big.astype(np.float64).sum()) - 145.507628825143) < 1e-4


def test_exact_mode_calls_the_c_library_for_every_size():
    if libm.c_function('log', np.float32) is None:
        pytest.skip('no C math library here')
    previous = tf.config.tf_exact_math()
    tf.config.set_tf_exact_math(True)
    try:
        big = tf.random.stateless_normal([20000], seed=[9, 9]).numpy()
    finally:
        tf.config.set_tf_exact_math(previous)
    assert float(big.astype(np.float64).sum()) == 145.507628825143


def test_philox_counter_carries_into_the_high_words():
    counters = philox.counter_range((2 ** 32 - 1, 2 ** 32 - 1, 5, 0), 0, 2)
    assert counters.tolist() == [[2 ** 32 - 1, 2 ** 32 - 1, 5, 0], [0, 0, 6, 0]]


# ---- Keras 3: seeds from Python's random, SeedGenerators, layers ----------------------------------

def test_set_random_seed_gives_keras_initial_weights():
    keras.utils.set_random_seed(42)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), keras.layers.Dropout(0.5),
                              keras.layers.Dense(2, kernel_initializer='he_normal', bias_initializer='random_uniform')])
    kernel_1, bias_1, kernel_2, bias_2 = model.get_weights()
    assert kernel_1.tolist() == [
        [0.6632373332977295, 0.3011295795440674, -0.2616168260574341, 0.8332188129425049],
        [-0.7812790274620056, 0.28206467628479004, 0.8711965084075928, -0.6149072647094727],
        [0.044049203395843506, 0.2421196699142456, -0.7658045291900635, -0.09932661056518555]]
    assert bias_1.tolist() == [0.0] * 4
    assert kernel_2.tolist() == [[0.06796390563249588, -0.46512722969055176], [1.0267753601074219, 0.43422931432724],
                                 [0.7006471753120422, -0.6506383419036865], [0.12961521744728088, 0.14970804750919342]]
    assert bias_2.tolist() == [0.031594764441251755, 0.01364380493760109]
    # Keras's dropout mask too (the outputs agree to float32 rounding of the matmuls).
    np.testing.assert_allclose(model(np.ones((2, 3), 'float32'), training=True).numpy(),
                               [[-0.1665353626012802, 0.32139337062835693]] * 2, rtol=1e-6)


def test_seed_generators_and_the_global_generator():
    keras.utils.set_random_seed(42)
    keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), keras.layers.Dropout(0.5),
                      keras.layers.Dense(2, kernel_initializer='he_normal', bias_initializer='random_uniform')])
    generator = keras.random.SeedGenerator(7)
    assert values(keras.random.normal((2,), seed=generator)) == [-0.6741727590560913, -0.35869255661964417]
    assert values(keras.random.normal((2,), seed=generator)) == [-0.6668517589569092, -2.4468414783477783]
    assert values(generator.state) == [7, 2]
    assert values(keras.random.uniform((2,))) == [0.995641827583313, 0.19326865673065186]
    assert values(keras.random.uniform((2,))) == [0.9799124002456665, 0.7937688827514648]
    assert values(keras.random.shuffle(np.arange(6), seed=2)) == [4, 5, 2, 1, 3, 0]
    assert values(keras.random.randint((4,), 0, 10, seed=3)) == [8, 7, 2, 2]


def test_recurrent_cells_take_their_seeds_in_keras_order():
    keras.utils.set_random_seed(1)
    lstm = keras.layers.LSTM(2, dropout=0.5, recurrent_dropout=0.3)
    dense = keras.layers.Dense(1)
    out = lstm(np.ones((1, 3, 2), 'float32'), training=True)
    assert lstm.get_weights()[0][0].tolist() == [
        -0.3733558654785156, 0.5615003108978271, 0.6791673898696899, -0.24285411834716797, -0.7258540391921997,
        -0.6036583185195923, 0.06979525089263916, -0.7490689754486084]
    # One mask per gate with recurrent dropout, as Keras's implementation 1.
    np.testing.assert_allclose(out.numpy(), [[0.1894017457962036, -0.11781314760446548]], rtol=1e-6)
    assert dense(np.ones((1, 2), 'float32')).numpy().tolist() == [[-1.4316905736923218]]


def test_noise_layers_draw_keras_noise():
    keras.utils.set_random_seed(3)
    noise = keras.layers.GaussianNoise(0.1)(np.zeros((1, 3), 'float32'), training=True)
    dropout = keras.layers.GaussianDropout(0.2)(np.ones((1, 3), 'float32'), training=True)
    alpha = keras.layers.AlphaDropout(0.3)(np.ones((1, 4), 'float32'), training=True)
    assert values(noise) == [[0.011797959916293621, 0.11750175803899765, 0.034103017300367355]]
    assert values(dropout) == [[1.4437665939331055, 0.9735602736473083, 0.32615894079208374]]
    assert values(alpha) == [[1.315044641494751, 1.315044641494751, -1.0595481395721436, 1.315044641494751]]


def test_initializer_configs_keep_the_seed_given():
    assert keras.initializers.RandomUniform(seed=3).get_config()['seed'] == 3
    assert keras.initializers.RandomUniform().get_config()['seed'] is None
    seeded = keras.initializers.GlorotNormal(seed=3)
    np.testing.assert_array_equal(seeded((3, 3)).numpy(), seeded((3, 3)).numpy())


# ---- stateful ops after tf.random.set_seed (TensorFlow's op seeds and kernel state) --------------

def test_stateful_ops_after_set_seed():
    tf.random.set_seed(1234)
    assert values(tf.random.uniform([2])) == [0.5380393266677856, 0.3646186590194702]
    assert values(tf.random.uniform([2])) == [0.32536470890045166, 0.13870060443878174]
    # The same explicit op seed twice: the kernel's generator moves on (TF's eager kernel cache).
    assert values(tf.random.uniform([1], seed=1)) == [0.16898059844970703]
    assert values(tf.random.uniform([1], seed=1)) == [0.7539083957672119]
    assert values(tf.random.normal([3])) == [0.9588322639465332, -0.3325802981853485, -0.0636182501912117]
    assert values(tf.random.normal([2], 3.0, 0.5, seed=5)) == [3.5716607570648193, 2.9688961505889893]
    assert values(tf.random.truncated_normal([5])) == [
        -0.37767013907432556, -0.21486739814281464, 1.5822933912277222, -0.8493345975875854, 1.4711004495620728]
    assert values(tf.random.uniform([4], minval=-2, maxval=7, dtype=tf.int32)) == [4, -1, 3, 6]
    assert values(tf.random.uniform([3], maxval=5.0)) == [1.890496015548706, 4.8158464431762695, 4.172659873962402]
    assert values(tf.random.uniform([3], -1.0, 1.0, dtype=tf.float64)) == [
        -0.17513383806324878, 0.2711208599883679, -0.887932980102649]
    tf.random.set_seed(1234)
    assert values(tf.random.uniform([2])) == [0.5380393266677856, 0.3646186590194702]


def test_stateful_seed_edge_cases_and_dropout():
    tf.random.set_seed(0)           # (0, 0) becomes (0, 2**31 - 1), as in TensorFlow
    assert values(tf.random.normal([2], seed=0)) == [0.12391895055770874, 2.798774003982544]
    tf.random.set_seed(None)        # an op seed alone pairs with TF's default graph seed
    assert values(tf.random.normal([2], seed=7)) == [-0.046945683658123016, -1.2039023637771606]
    assert values(tf.random.normal([2], seed=7)) == [-1.1940083503723145, -1.1085455417633057]
    tf.random.set_seed(5)
    assert values(tf.nn.dropout(tf.ones([2, 4]), 0.5)) == [[2.0, 2.0, 2.0, 2.0], [0.0, 0.0, 2.0, 0.0]]
    assert values(tf.Variable(tf.random.normal([2, 2], stddev=0.1))) == [
        [0.022652864456176758, 0.08106552809476852], [0.07466094195842743, 0.07749702781438828]]


def test_random_shuffle_is_tensorflows():
    tf.random.set_seed(42)
    idx = tf.range(10, dtype=tf.int64)
    assert values(tf.random.shuffle(idx)) == [7, 6, 3, 0, 8, 9, 5, 4, 1, 2]
    assert values(tf.random.shuffle(idx, seed=0)) == [3, 8, 7, 5, 2, 0, 1, 6, 9, 4]
    assert values(tf.random.shuffle(idx, seed=0)) == [1, 9, 5, 3, 4, 7, 0, 2, 6, 8]
    assert values(tf.random.shuffle(tf.reshape(tf.range(12), (6, 2)), seed=3)) == [
        [0, 1], [6, 7], [2, 3], [8, 9], [4, 5], [10, 11]]


class _BatchRecorder(keras.Model):
    """Records the x of each training batch (to see fit's shuffling)."""

    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)
        self.seen = []

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        # (compiled with run_eagerly=True: in a traced step x.numpy() raises, as in TF)
        x, _ = data
        self.seen.append(x.numpy()[:, 0].astype(int).tolist())
        return {'n': tf.constant(0.0)}


@pytest.mark.parametrize('seed, first_epoch', [(42, [[3, 8, 7, 5], [2, 0, 1, 6], [9, 4]]),
                                               (0, [[2, 0, 5, 8], [7, 1, 9, 6], [3, 4]])])
def test_fit_shuffles_as_keras_under_a_global_seed(seed, first_epoch):
    # Keras 3 on TensorFlow shuffles arrays with tf.random.shuffle in a tf.data function whose
    # kernel starts afresh each epoch: under a global seed every epoch visits the same order.
    keras.utils.set_random_seed(seed)
    model = _BatchRecorder()
    model.compile('sgd', 'mse', run_eagerly=True)
    x = np.arange(10, dtype='float32')[:, None]
    model.fit(x, x, batch_size=4, epochs=2, verbose=0, shuffle=True)
    assert model.seen == first_epoch * 2


def test_seeded_fit_history_is_keras():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='relu'), keras.layers.Dropout(0.25),
                              keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss='mse', metrics=['mae'])
    rng = np.random.default_rng(0)
    x = rng.normal(size=(50, 3)).astype('float32')
    history = model.fit(x, x.sum(1, keepdims=True), batch_size=8, epochs=3, verbose=0, validation_split=0.2)
    expected = {'loss': [4.451856, 4.038436, 3.566669], 'mae': [1.531784, 1.472867, 1.390126],
                'val_loss': [3.916163, 3.471318, 3.089871], 'val_mae': [1.571241, 1.47231, 1.382542]}
    assert history.history.keys() == expected.keys()
    for key, series in expected.items():
        np.testing.assert_allclose(history.history[key], series, rtol=2e-6, err_msg=key)


def test_dataset_shuffle_is_tf_datas():
    tf.random.set_seed(None)
    fixed = tf.data.Dataset.range(10).shuffle(4, seed=42, reshuffle_each_iteration=False)
    assert list(fixed.as_numpy_iterator()) == [0, 1, 3, 4, 5, 2, 6, 9, 7, 8]
    assert list(fixed.as_numpy_iterator()) == [0, 1, 3, 4, 5, 2, 6, 9, 7, 8]
    assert list(tf.data.Dataset.range(8).shuffle(8, seed=42, reshuffle_each_iteration=False)
                .as_numpy_iterator()) == [0, 1, 3, 7, 5, 2, 6, 4]
    reshuffled = tf.data.Dataset.range(10).shuffle(4, seed=42)
    assert list(reshuffled.as_numpy_iterator()) == [1, 4, 2, 3, 5, 0, 6, 8, 7, 9]
    assert list(reshuffled.as_numpy_iterator()) == [3, 4, 2, 0, 1, 8, 5, 7, 9, 6]


@pytest.mark.parametrize('call, error', [(lambda: tf.random.normal([-1]), tf.errors.InvalidArgumentError),
                                         (lambda: tf.random.uniform([2.5]), tf.errors.InvalidArgumentError),
                                         (lambda: tf.random.truncated_normal(None), ValueError)])   # (TF 2.21's)
def test_bad_shapes_name_the_op(call, error):
    with pytest.raises(error, match=r'random\.\w+: shape must be'):
        call()


def test_shuffle_of_nothing_names_the_op():
    with pytest.raises((TypeError, ValueError), match='random.shuffle'):
        tf.random.shuffle(None)


# How many seeds each layer takes from Python's random when made, as Keras 3 does (counted in
# TensorFlow 2.21 with random.seed(5); make the layer; random.random()): a layer that took one
# more or less would shift the initial weights of every layer made after it.
SEEDS_TAKEN = [
    (lambda: keras.layers.Dropout(0.0), 0), (lambda: keras.layers.GaussianNoise(0.0), 0),
    (lambda: keras.layers.GaussianDropout(0.0), 0), (lambda: keras.layers.AlphaDropout(0.0), 1),
    (lambda: keras.layers.AlphaDropout(0.5), 1), (lambda: keras.layers.Attention(), 0),
    (lambda: keras.layers.RandomFlip(), 1), (lambda: keras.layers.RandomCrop(2, 2), 2),
    (lambda: keras.layers.RandomContrast(0.1), 1), (lambda: keras.layers.RandomBrightness(0.1), 1),
    (lambda: keras.layers.RandomTranslation(0.1, 0.1), 1), (lambda: keras.layers.Resizing(2, 2), 0),
    (lambda: keras.layers.CenterCrop(2, 2), 0), (lambda: keras.layers.Rescaling(1 / 255.), 0),
    (lambda: keras.layers.EinsumDense('ab,bc->ac', output_shape=4, bias_axes='c'), 1),
    (lambda: keras.layers.MultiHeadAttention(2, 3), 1), (lambda: keras.layers.SpatialDropout2D(0.3), 1),
    (lambda: keras.layers.LSTMCell(2), 3), (lambda: keras.layers.SimpleRNN(2), 3),
]


@pytest.mark.parametrize('make, taken', SEEDS_TAKEN)
def test_layers_take_kerass_number_of_seeds_when_made(make, taken):
    import random
    random.seed(5)
    for _ in range(taken):
        random.randint(1, int(1e9))
    expected = random.random()
    random.seed(5)
    make()
    assert random.random() == expected


def test_einsum_dense_and_attention_projections_start_from_kerass_weights():
    keras.utils.set_random_seed(7)
    einsum = keras.layers.EinsumDense('ab,bc->ac', output_shape=4, bias_axes='c')
    einsum(np.ones((1, 3), 'float32'))
    np.testing.assert_allclose(einsum.get_weights()[0].ravel()[:3], [-0.33807, 0.42564, 0.84049], atol=5e-6)
    keras.utils.set_random_seed(7)
    attention = keras.layers.MultiHeadAttention(2, 3)
    attention(np.ones((1, 4, 5), 'float32'), np.ones((1, 4, 5), 'float32'))
    after = keras.layers.Dense(1)
    after(np.ones((1, 2), 'float32'))
    query_kernel, _, key_kernel = attention.get_weights()[:3]
    np.testing.assert_allclose(query_kernel.ravel()[:3], [0.6329, 0.56013, -0.47233], atol=5e-6)
    np.testing.assert_allclose(key_kernel.ravel()[:3], [0.72205, -0.28792, 0.06719], atol=5e-6)
    np.testing.assert_allclose(after.get_weights()[0].ravel(), [-0.90135, 1.00559], atol=5e-6)


@pytest.mark.parametrize('filtered, first_of_each_epoch', [(False, [17, 11, 18, 15]), (True, [7, 5, 11, 2])])
def test_fit_on_a_reshuffling_dataset_sees_kerass_orders(filtered, first_of_each_epoch):
    # Keras makes a second, unread iterator after each pass when the dataset's cardinality is
    # known, which draws the shuffle's next seeds (TF 2.21: passes 1, 3, 5, 7 of the shuffle's
    # orders); after filter the count is unknown and every pass reads the next order.
    x = np.arange(20, dtype='float32')[:, None]
    tf.random.set_seed(5)
    ds = tf.data.Dataset.from_tensor_slices((x, x)).shuffle(20)
    if filtered:
        ds = ds.filter(lambda a, b: a[0] < 15)
    model = _BatchRecorder()
    model.compile('sgd', 'mse', run_eagerly=True)
    model.fit(ds.batch(20), epochs=4, verbose=0)
    assert [batch[0] for batch in model.seen] == first_of_each_epoch


def test_random_flip_flips_the_images_keras_flips():
    keras.utils.set_random_seed(11)
    flip = keras.layers.RandomFlip()
    x = np.arange(18, dtype='float32').reshape(2, 3, 3, 1)
    first_rows = flip(np.concatenate([x] * 3), training=True).numpy()[:, 0, :, 0].tolist()
    # TF 2.21: each image flipped both ways or left alone, by one uniform draw per image.
    assert first_rows == FLIP_ROWS


FLIP_ROWS = [[8.0, 7.0, 6.0], [17.0, 16.0, 15.0], [0.0, 1.0, 2.0], [17.0, 16.0, 15.0], [8.0, 7.0, 6.0], [9.0, 10.0, 11.0]]


def test_categorical_draws_are_tensorflows():
    tf.random.set_seed(3)
    logits = tf.math.log([[0.1, 0.2, 0.3, 0.4], [0.5, 0.1, 0.1, 0.3]])
    assert values(tf.random.categorical(logits, 6)) == CATEGORICAL[0]
    assert values(tf.random.categorical(logits, 3, seed=2)) == CATEGORICAL[1]
    assert values(tf.random.categorical(logits, 3, seed=2)) == CATEGORICAL[2]
    assert values(tf.random.stateless_categorical(logits, 5, seed=[4, 2])) == CATEGORICAL[3]
    assert values(keras.random.categorical(logits, 5, seed=9)) == CATEGORICAL[4]
    assert values(tf.random.categorical([[1.0, float('-inf'), 2.0]], 4, seed=1)) == CATEGORICAL[5]


# TF 2.21
CATEGORICAL = [[[0, 3, 0, 0, 1, 3], [0, 2, 0, 0, 0, 0]], [[3, 1, 3], [3, 2, 2]], [[1, 3, 2], [1, 3, 0]], [[2, 2, 3, 2, 3], [0, 1, 2, 1, 1]], [[0, 2, 2, 3, 1], [3, 2, 3, 2, 0]], [[0, 0, 2, 2]]]


def test_dataset_random_and_sample_from_datasets_are_tf_datas():
    tf.random.set_seed(None)
    assert list(tf.data.Dataset.random(seed=4).take(4).as_numpy_iterator()) == [
        3128586565, 2023892699, 452966358, 4293674553]
    rerandomized = tf.data.Dataset.random(seed=4, rerandomize_each_iteration=True)
    assert list(rerandomized.take(2).as_numpy_iterator()) == [1905554911, 4215726141]
    assert list(rerandomized.take(2).as_numpy_iterator()) == [1683472663, 2279948892]
    tf.random.set_seed(9)            # the op seed 7 pairs with the global seed
    a, b = tf.data.Dataset.range(0, 100), tf.data.Dataset.range(100, 200)
    mixed = tf.data.Dataset.sample_from_datasets([a, b], weights=[0.3, 0.7], seed=7).take(10)
    assert list(mixed.as_numpy_iterator()) == [100, 101, 102, 0, 1, 103, 104, 105, 106, 107]
    tf.random.set_seed(None)
    a, b = tf.data.Dataset.range(0, 3), tf.data.Dataset.range(100, 105)
    assert list(tf.data.Dataset.sample_from_datasets([a, b], seed=1).as_numpy_iterator()) == [
        100, 0, 1, 2, 101, 102, 103, 104]          # an exhausted input is passed over
    assert list(tf.data.Dataset.sample_from_datasets([a, b], weights=[0.9, 0.1], seed=2,
                                                     stop_on_empty_dataset=True).as_numpy_iterator()) == [0, 1, 2]
