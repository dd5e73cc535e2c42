"""Dense with LoRA (lora_rank / lora_alpha / enable_lora), as Keras 3.15's Dense.

Golden values come from TF 2.21 + Keras 3 running the same program
(/work/notes/progs/lora13/dense1.py and grad1.py); the rest checks identities.
"""
import h5py
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture(autouse=True)
def _clear_seed():
    yield
    tf.random.set_seed(None)
    keras.backend.clear_session()


def _x(rows=6, cols=4, seed=0):
    return np.random.RandomState(seed).randn(rows, cols).astype('float32')


def test_build_enables_lora_and_resets_alpha_to_rank_as_keras():
    layer = keras.layers.Dense(3, lora_rank=2, lora_alpha=8)
    assert (layer.lora_rank, layer.lora_alpha, layer.lora_enabled) == (2, 8, False)
    layer(_x())
    # Keras 3's build calls enable_lora(lora_rank), whose default alpha is the rank
    assert (layer.lora_rank, layer.lora_alpha, layer.lora_enabled) == (2, 2, True)
    assert [w.name for w in layer.weights] == ['kernel', 'bias', 'lora_kernel_a', 'lora_kernel_b']
    assert [w.trainable for w in layer.weights] == [False, True, True, True]
    assert [w.name for w in layer.trainable_weights] == ['bias', 'lora_kernel_a', 'lora_kernel_b']
    assert [w.name for w in layer.non_trainable_weights] == ['kernel']
    assert layer.lora_kernel_a.shape == (4, 2) and layer.lora_kernel_b.shape == (2, 3)
    config = layer.get_config()
    assert (config['lora_rank'], config['lora_alpha']) == (2, 2)
    assert 'lora_rank' not in keras.layers.Dense(3).get_config()


def test_enable_lora_refusals_in_keras_words():
    with pytest.raises(ValueError, match=r"Cannot enable lora on a layer that isn't yet built\."):
        keras.layers.Dense(3).enable_lora(2)
    layer = keras.layers.Dense(3)
    layer.build((None, 4))
    layer.enable_lora(2)
    with pytest.raises(ValueError, match='lora is already enabled. This can only be done once per layer.'):
        layer.enable_lora(2)
    constrained = keras.layers.Dense(3, kernel_constraint='non_neg')
    constrained.build((None, 4))
    with pytest.raises(ValueError, match='Lora is incompatible with kernel constraints. In order to enable lora '
                                         'on this layer, remove the `kernel_constraint` argument.'):
        constrained.enable_lora(2)


@pytest.mark.parametrize('activation', [None, 'relu', 'tanh', 'sigmoid'])
def test_call_uses_kernel_plus_scaled_low_rank_update(activation):
    layer = keras.layers.Dense(3, activation=activation)
    layer.build((None, 4))
    layer.enable_lora(2, lora_alpha=4)
    assert layer.lora_alpha == 4
    rng = np.random.RandomState(3)
    kernel, a, b, bias = (rng.randn(*s).astype('float32') for s in [(4, 3), (4, 2), (2, 3), (3,)])
    for variable, value in zip(layer.weights, (kernel, bias, a, b)):
        variable.assign(value)
    x = _x()
    z = x.astype('float64') @ (kernel + 2.0 * a @ b).astype('float64') + bias
    expected = {None: z, 'relu': np.maximum(z, 0), 'tanh': np.tanh(z), 'sigmoid': 1 / (1 + np.exp(-z))}[activation]
    np.testing.assert_allclose(layer(x).numpy(), expected, rtol=1e-5, atol=1e-5)
    # the variable (Keras 3's _kernel) is the frozen one after the call; the kernel property reads the merge
    np.testing.assert_array_equal(layer._kernel.numpy(), kernel)
    np.testing.assert_allclose(layer.kernel.numpy(), kernel + 2.0 * a @ b, rtol=1e-6, atol=1e-6)


@pytest.mark.usefixtures('onednn_on')
def test_gradients_reach_only_the_lora_weights_and_bias_bitwise_as_tf():
    keras.utils.set_random_seed(1)
    x, y = _x(), _x(6, 3, seed=1)
    layer = keras.layers.Dense(3, lora_rank=2, lora_alpha=8)
    layer.build((None, 4))
    layer.lora_kernel_b.assign(np.random.RandomState(2).randn(2, 3).astype('float32'))

    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((layer(x) - y) ** 2)
        return loss, tape.gradient(loss, layer.trainable_weights)

    # TF 2.21's loss and gradients (bias, lora_kernel_a, lora_kernel_b) for this program (grad1.py)
    golden = (6.258642196655273,
              [[0.1176755428314209, -0.4924717843532562, 1.1023005247116089],
               [[-4.627192974090576, -5.649041652679443], [1.661078929901123, 2.4625229835510254],
                [-2.1552720069885254, 0.1653626561164856], [-0.13298219442367554, 2.4294142723083496]],
               [[-0.23502083122730255, 0.6014373898506165, -0.5664932131767273],
                [0.5588657855987549, -1.615760326385498, -0.6094792485237122]]])
    for run in (step, tf.function(step)):
        loss, grads = run()
        assert float(loss) == golden[0]
        for grad, want in zip(grads, golden[1]):
            np.testing.assert_array_equal(grad.numpy(), np.float32(want))


def test_fit_leaves_the_kernel_frozen():
    keras.utils.set_random_seed(1)
    x, y = _x(), _x(6, 3, seed=1)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, lora_rank=2)])
    model.compile(optimizer=keras.optimizers.Adam(0.05), loss='mse')
    layer = model.layers[0]
    kernel = layer._kernel.numpy().copy()
    history = model.fit(x, y, epochs=3, batch_size=3, verbose=0)
    assert history.history['loss'][-1] < history.history['loss'][0]
    np.testing.assert_array_equal(layer._kernel.numpy(), kernel)
    assert np.abs(layer.lora_kernel_b.numpy()).max() > 0


def _trained_lora_model():
    keras.utils.set_random_seed(1)
    inputs = keras.Input((4,))
    outputs = keras.layers.Dense(3, lora_rank=2, name='dl')(keras.layers.Dense(5, activation='tanh')(inputs))
    model = keras.Model(inputs, outputs)
    model.compile(optimizer=keras.optimizers.Adam(0.05), loss='mse')
    model.fit(_x(), _x(6, 3, seed=1), epochs=2, batch_size=3, verbose=0)
    return model


def test_files_hold_the_merged_kernel_and_no_lora_weights(tmp_path):
    model = _trained_lora_model()
    x = _x()
    predicted = model.predict(x, verbose=0)
    path = str(tmp_path / 'lora.weights.h5')
    model.save_weights(path)
    layer = model.get_layer('dl')
    with h5py.File(path) as f:
        group = f['layers/dense_1/vars']      # Keras 3 paths go by class, not name
        assert sorted(group.keys()) == ['0', '1']       # Keras 3: kernel (merged) and bias only
        merged = layer._kernel.numpy() + (layer.lora_alpha / layer.lora_rank) * (
            layer.lora_kernel_a.numpy() @ layer.lora_kernel_b.numpy())
        np.testing.assert_allclose(group['0'][()], merged, rtol=1e-6, atol=1e-6)
    # back into a LoRA model: the merged kernel is assigned and the LoRA weights start from zero
    keras.backend.clear_session()
    again = _trained_lora_model()
    again.load_weights(path)
    np.testing.assert_allclose(again.predict(x, verbose=0), predicted, rtol=1e-5, atol=1e-6)
    assert not again.get_layer('dl').lora_kernel_a.numpy().any()
    assert not again.get_layer('dl').lora_kernel_b.numpy().any()
    # into the same model without LoRA: a plain Dense file
    plain = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation='tanh'), keras.layers.Dense(3)])
    plain.load_weights(path)
    np.testing.assert_allclose(plain.predict(x, verbose=0), predicted, rtol=1e-5, atol=1e-6)


def test_keras_archive_round_trip_keeps_lora_enabled(tmp_path):
    model = _trained_lora_model()
    x = _x()
    predicted = model.predict(x, verbose=0)
    path = str(tmp_path / 'lora.keras')
    model.save(path)
    loaded = keras.models.load_model(path)
    layer = loaded.get_layer('dl')
    assert layer.lora_enabled and (layer.lora_rank, layer.lora_alpha) == (2, 2)
    assert [w.name for w in layer.weights] == ['kernel', 'bias', 'lora_kernel_a', 'lora_kernel_b']
    assert not layer.lora_kernel_a.numpy().any()
    np.testing.assert_allclose(loaded.predict(x, verbose=0), predicted, rtol=1e-5, atol=1e-6)
