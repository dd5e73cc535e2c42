"""A NaN pixel through a conv layer's own relu / relu6 in a traced step gives 0, as TF 2.21's fused kernel.

TF fuses Conv2D / Conv3D / DepthwiseConv2D / SeparableConv2D with their bias add and relu (oneDNN): the
NaNs an eager call shows become 0 in predict. Without a bias, and for Conv1D and Conv2DTranspose, TF does
not fuse, and the NaNs stay. tapeflow kept every NaN.
Goldens: TF 2.21 + Keras 3.15 running /work/notes/progs/callbacks2/n12.py (NaN and zero counts).
"""
import numpy as np
import pytest

from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def counts(layer, shape):
    x = np.ones((1,) + shape, 'float32')
    x.reshape(-1)[x.size // 2] = np.nan
    m = keras.Sequential([keras.Input(shape), layer])
    for w in m.weights:
        w.assign(np.ones(w.shape, 'float32') * (0.5 if 'bias' in w.path else -1.0 if 'kernel' in w.path else 1.0))
    traced, eager = m.predict(x, verbose=0).ravel(), np.asarray(m(x)).ravel()
    return int(np.isnan(traced).sum()), int((traced == 0).sum()), int(np.isnan(eager).sum()), traced.size


@pytest.mark.parametrize('make, shape, expected', [
    (lambda: keras.layers.Conv2D(2, 2, activation='relu'), (4, 4, 1), (0, 18, 4, 18)),
    (lambda: keras.layers.Conv2D(2, 2, activation='relu', use_bias=False), (4, 4, 1), (4, 14, 4, 18)),
    (lambda: keras.layers.Conv2D(2, 2, activation='relu6'), (4, 4, 1), (0, 18, 4, 18)),
    (lambda: keras.layers.Conv2D(2, 3, padding='same', activation='relu'), (4, 4, 1), (0, 32, 12, 32)),
    (lambda: keras.layers.Conv2D(2, 2, activation='relu', data_format='channels_first'), (1, 4, 4), (0, 18, 4, 18)),
    (lambda: keras.layers.Conv1D(2, 2, activation='relu'), (6, 1), (4, 6, 4, 10)),
    (lambda: keras.layers.Conv3D(2, 2, activation='relu'), (3, 3, 3, 1), (0, 16, 16, 16)),
    (lambda: keras.layers.DepthwiseConv2D(2, activation='relu'), (4, 4, 1), (0, 9, 2, 9)),
    (lambda: keras.layers.SeparableConv2D(2, 2, activation='relu'), (4, 4, 1), (0, 4, 4, 18)),
    (lambda: keras.layers.Conv2DTranspose(2, 2, activation='relu'), (4, 4, 1), (8, 42, 8, 50)),
    (lambda: keras.layers.Conv2D(2, 2, activation='elu'), (4, 4, 1), (4, 0, 4, 18)),
], ids=['conv2d', 'conv2d no bias', 'conv2d relu6', 'conv2d same', 'channels_first', 'conv1d', 'conv3d',
        'depthwise', 'separable', 'conv2d transpose', 'conv2d elu'])
def test_nan_through_a_conv_relu(make, shape, expected):
    assert counts(make(), shape) == expected


def test_conv2d_elu_takes_onednn_values_in_a_traced_step(exact_math):
    # TF 2.21 fuses Conv2D + BiasAdd + Elu too: 67 of 288 predicted values differ from the eager ones
    # (n13.py); a fit takes the fused values as well (n14.py)
    x = np.linspace(-2, 2, 8 * 8 * 3, dtype='float32').reshape(1, 8, 8, 3)
    keras.utils.set_random_seed(1)
    m = keras.Sequential([keras.Input((8, 8, 3)), keras.layers.Conv2D(8, 3, activation='elu')])
    traced, eager = m.predict(x, verbose=0), np.asarray(m(x))
    assert int((traced != eager).sum()) == 67
    assert int(traced.view(np.uint32).sum(dtype=np.uint64)) == 556138237091
    rng = np.random.default_rng(0)
    x = rng.standard_normal((16, 6, 6, 2)).astype('float32')
    y = rng.standard_normal((16, 1)).astype('float32')
    keras.utils.set_random_seed(1)
    m = keras.Sequential([keras.Input((6, 6, 2)), keras.layers.Conv2D(4, 3, activation='elu'), keras.layers.Flatten(),
                          keras.layers.Dense(1)])
    m.compile(keras.optimizers.SGD(0.05), 'mse')
    h = m.fit(x, y, epochs=3, batch_size=8, shuffle=False, verbose=0)
    assert h.history['loss'] == [1.8128153085708618, 0.45961621403694153, 0.181185781955719]
    assert int(m.layers[0].kernel.numpy().view(np.uint32).sum(dtype=np.uint64)) == 158627820895
