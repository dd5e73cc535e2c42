"""Gradients through the image preprocessing layers as TF 2.21 / Keras 3.15 gives them: channels_first
Resizing and CenterCrop, the random augmentation layers at inference (they pass the images, cast to
the layer's dtype, and TF's gradient flows back through that cast) and while training (RandomFlip,
Rotation, Zoom, Translation, Contrast, Brightness, Crop). tapeflow gave None for all of them.
Golden values printed by TF 2.21 (/work/notes/progs/layers9/gold_grad.py, gold_grad2.py):

    x = tf.constant(np.arange(24, dtype='float32').reshape(1, 2, 3, 4) / 7)
    w = tf.constant(np.linspace(-1, 1, 18, dtype='float32').reshape(1, 2, 3, 3))
    with tf.GradientTape() as tape:
        tape.watch(x); y = layer(x); loss = tf.reduce_sum(y * (w if y.shape == w.shape else 1.0))
    print(tape.gradient(loss, x).numpy().ravel().tolist())
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

RESIZE_GRAD = [-0.8333333134651184, -0.6078431606292725, -0.5686273574829102, -0.6372550129890442, -0.5392156839370728,
               -0.37254905700683594, -0.333333283662796, -0.34313732385635376, -0.2450980395078659, -0.13725490868091583,
               -0.09803920984268188, -0.04901961609721184, 0.04901960864663124, 0.09803921729326248, 0.13725486397743225,
               0.24509809911251068, 0.343137264251709, 0.3333333730697632, 0.3725489377975464, 0.5392158031463623,
               0.6372548937797546, 0.5686274766921997, 0.6078429818153381, 0.8333334922790527]
CROP_GRAD = [1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0] * 2
ASPECT_GRAD = [-1.0, -0.8823529481887817, -0.7647058963775635, 0.0, -0.6470588445663452, -0.529411792755127,
               -0.4117647111415863, 0.0, -0.29411765933036804, -0.1764705926179886, -0.05882352963089943, 0.0,
               0.05882352963089943, 0.1764705926179886, 0.29411765933036804, 0.0, 0.4117647111415863, 0.529411792755127,
               0.6470588445663452, 0.0, 0.7647058963775635, 0.8823529481887817, 1.0, 0.0]


def _gradient(layer, x, weights=None, **kwargs):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x, **kwargs)
        loss = tf.reduce_sum(tf.cast(y, 'float32') * (weights if weights is not None else 1.0))
    return y, tape.gradient(loss, x)


@pytest.mark.parametrize('make, golden', [
    (lambda: keras.layers.Resizing(3, 3, data_format='channels_first'), RESIZE_GRAD),
    (lambda: keras.layers.CenterCrop(2, 3, data_format='channels_first'), CROP_GRAD),
    (lambda: keras.layers.Resizing(3, 3, data_format='channels_first', crop_to_aspect_ratio=True), ASPECT_GRAD),
])
def test_channels_first_sizing_layers_pass_gradients(make, golden):
    x = tf.constant(np.arange(24, dtype='float32').reshape(1, 2, 3, 4) / 7)
    layer = make()
    y = layer(x)
    weights = tf.constant(np.linspace(-1, 1, 18, dtype='float32').reshape(1, 2, 3, 3)) if y.shape == (1, 2, 3, 3) else None
    y_taped, grad = _gradient(layer, x, weights)
    np.testing.assert_array_equal(y_taped.numpy(), y.numpy())      # the taped path gives the untaped bits
    np.testing.assert_array_equal(grad.numpy().ravel(), np.float32(golden))


def test_channels_first_single_image_keeps_its_layout():
    x = tf.constant(np.arange(24, dtype='float32').reshape(2, 3, 4) / 7)       # (channels, height, width)
    y, grad = _gradient(keras.layers.CenterCrop(2, 3, data_format='channels_first'), x)
    assert y.shape == (2, 2, 3)
    np.testing.assert_array_equal(grad.numpy().ravel(), np.float32(CROP_GRAD))


@pytest.mark.parametrize('make', [
    lambda: keras.layers.RandomFlip(seed=1), lambda: keras.layers.RandomRotation(0.2, seed=1),
    lambda: keras.layers.RandomContrast(0.3, seed=1), lambda: keras.layers.RandomBrightness(0.3, seed=1),
    lambda: keras.layers.RandomTranslation(0.2, 0.2, seed=1), lambda: keras.layers.RandomZoom(0.2, seed=1),
])
@pytest.mark.parametrize('dtype', ['float32', 'float64', 'float16'])
def test_augmentation_layers_at_inference_pass_gradients(make, dtype):
    # TF 2.21: the images come back cast to float32, and the gradient is 3 everywhere in the input's dtype
    x = tf.constant(np.arange(24, dtype=dtype).reshape(1, 2, 3, 4) / 7)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = make()(x, training=False)
        loss = tf.reduce_sum(y * 3)
    grad = tape.gradient(loss, x)
    assert y.dtype == tf.float32 and grad.dtype == x.dtype
    np.testing.assert_array_equal(y.numpy(), np.float32(x.numpy()))
    np.testing.assert_array_equal(grad.numpy(), np.full((1, 2, 3, 4), 3, dtype))


def test_dense_weights_before_an_augmentation_block_get_gradients_at_inference():
    keras.utils.set_random_seed(4)
    model = keras.Sequential([keras.Input((2, 2, 3)), keras.layers.Dense(3), keras.layers.RandomFlip(),
                              keras.layers.RandomRotation(0.1)])
    x = np.ones((1, 2, 2, 3), 'float32')
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(x, training=False))
    kernel_grad, bias_grad = tape.gradient(loss, model.trainable_variables)
    np.testing.assert_array_equal(kernel_grad.numpy(), np.full((3, 3), 4, 'float32'))
    np.testing.assert_array_equal(bias_grad.numpy(), np.full((3,), 4, 'float32'))


# ---- while training: TF 2.21's gradients through Keras's ops (gold_train.py) --------------------------
#     x = tf.constant((np.arange(24, dtype='float32').reshape(2, 3, 4, 1) * 11 % 24) * 10)
#     W = np.linspace(-1, 1, 24, dtype='float32').reshape(2, 3, 4, 1)
#     with tf.GradientTape() as tape:
#         tape.watch(x); y = make()(x, training=True); loss = tf.reduce_sum(y * (W if y.shape == W.shape else 1.0))
TRAINING_LAYERS = {
    'flip': lambda: keras.layers.RandomFlip(seed=3), 'rotation': lambda: keras.layers.RandomRotation(0.2, seed=3),
    'zoom': lambda: keras.layers.RandomZoom(0.3, fill_mode='constant', seed=3),
    'translation': lambda: keras.layers.RandomTranslation(0.3, 0.3, seed=3, interpolation='nearest'),
    'contrast': lambda: keras.layers.RandomContrast(0.5, seed=3),
    'brightness': lambda: keras.layers.RandomBrightness(0.4, seed=3),
    'crop': lambda: keras.layers.RandomCrop(2, 3, seed=3)}
TRAINING_GRADIENTS = {
    'flip': [
        -0.043478261679410934, -0.1304347813129425, -0.21739129722118378, -0.30434781312942505,
        -0.3913043439388275, -0.47826087474823, -0.5652173757553101, -0.6521739363670349, -0.739130437374115,
        -0.8260869383811951, -0.9130434989929199, -1.0, 0.043478261679410934, 0.1304347813129425,
        0.21739129722118378, 0.30434781312942505, 0.3913043439388275, 0.47826087474823, 0.5652173757553101,
        0.6521739363670349, 0.739130437374115, 0.8260869383811951, 0.9130434989929199, 1.0],
    'rotation': [
        -0.9035520553588867, -0.8407782316207886, -0.5609258413314819, -0.281356543302536,
        -0.9637259244918823, -0.6734736561775208, -0.3700045645236969, -0.0797523632645607,
        -0.7621216773986816, -0.48255228996276855, -0.2026999592781067, -0.13992616534233093,
        0.7008000016212463, 0.4233705401420593, 0.15184397995471954, 0.15492850542068481, 0.8108886480331421,
        0.6575024127960205, 0.38597583770751953, 0.23258960247039795, 0.8885497450828552, 0.8916342854499817,
        0.6201077103614807, 0.3426782488822937],
    'zoom': [
        -0.516781747341156, -0.7168169617652893, -0.6341912746429443, -0.3819691240787506,
        -0.43385517597198486, -0.5749204158782959, -0.46855780482292175, -0.26031309366226196,
        -0.15728139877319336, -0.1764136403799057, -0.09378799051046371, -0.022468771785497665,
        0.14325052499771118, 0.2120666354894638, 0.28088274598121643, 0.34969887137413025, 0.4185149669647217,
        0.4873310625553131, 0.5561472177505493, 0.6249632835388184, 0.6937793493270874, 0.762595534324646,
        0.8314117193222046, 0.9002277255058289],
    'translation': [
        -1.0, -0.9130434989929199, -0.8260869383811951, -0.739130437374115, -1.0, -0.9130434989929199,
        -0.8260869383811951, -0.739130437374115, -0.6521739363670349, -0.5652173757553101, -0.47826087474823,
        -0.3913043439388275, 0.3913043439388275, 0.47826087474823, 0.5652173757553101, 0.6521739363670349,
        0.739130437374115, 0.8260869383811951, 0.9130434989929199, 1.0, 0.739130437374115, 0.8260869383811951,
        0.9130434989929199, 1.0],
    'contrast': [
        0.04294466972351074, -0.9595372676849365, -0.8640627861022949, -0.7685883641242981,
        -0.6731138825416565, -0.5776394009590149, -0.4821649193763733, -0.3866904377937317,
        -0.2912159562110901, -0.19574150443077087, -0.10026703774929047, -0.00479256734251976,
        -0.14030665159225464, -0.2042054682970047, 0.11528857052326202, 0.24308620393276215,
        0.3708838224411011, 0.4986814856529236, 0.6264790892601013, 0.7542767524719238, 0.8820744156837463,
        1.0098718404769897, -0.2042054682970047, 1.2654671669006348],
    'brightness': [
        0.0, -0.9130434989929199, -0.8260869383811951, -0.739130437374115, -0.6521739363670349,
        -0.5652173757553101, -0.47826087474823, 0.0, -0.30434781312942505, 0.0, -0.1304347813129425, 0.0,
        0.043478261679410934, 0.0, 0.21739129722118378, 0.0, 0.3913043439388275, 0.0, 0.5652173757553101, 0.0,
        0.739130437374115, 0.8260869383811951, 0.9130434989929199, 1.0],
    'crop': [
        1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0,
        0.0, 0.0, 0.0, 0.0],
}


@pytest.mark.parametrize('name', sorted(TRAINING_LAYERS))
def test_augmentation_layers_while_training_pass_tf_gradients(name):
    x = tf.constant((np.arange(24, dtype='float32').reshape(2, 3, 4, 1) * 11 % 24) * 10)
    weights = np.linspace(-1, 1, 24, dtype='float32').reshape(2, 3, 4, 1)
    untaped = TRAINING_LAYERS[name]()(x, training=True)
    y, grad = _gradient(TRAINING_LAYERS[name](), x, weights if untaped.shape == weights.shape else None, training=True)
    np.testing.assert_array_equal(y.numpy(), untaped.numpy())       # the taped path gives the raw path's bits
    np.testing.assert_array_equal(grad.numpy().ravel(), np.float32(TRAINING_GRADIENTS[name]))
