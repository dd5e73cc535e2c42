"""EinsumDense with LoRA (lora_rank / lora_alpha / enable_lora), as Keras 3.15's EinsumDense.

Golden values come from TF 2.21 + Keras 3 running the same program (/work/notes/progs/lora13/ein1.py).
"""
import h5py
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.random.RandomState(0).randn(2, 3, 4).astype('float32')
Y = np.random.RandomState(1).randn(2, 3, 2, 5).astype('float32')


@pytest.fixture(autouse=True)
def _clear_seed():
    yield
    tf.random.set_seed(None)
    keras.backend.clear_session()


def _layer(**kwargs):
    return keras.layers.EinsumDense('abc,cde->abde', output_shape=(None, 2, 5), **kwargs)


def test_build_enables_lora_keeping_alpha_with_keras_shapes():
    layer = _layer(bias_axes='de', lora_rank=2, lora_alpha=6)
    assert (layer.lora_rank, layer.lora_alpha, layer.lora_enabled) == (2, 6, False)
    layer.build((None, 3, 4))
    # unlike Dense and Embedding, Keras 3's EinsumDense.build passes lora_alpha on
    assert (layer.lora_rank, layer.lora_alpha, layer.lora_enabled) == (2, 6, True)
    assert [w.name for w in layer.weights] == ['kernel', 'bias', 'lora_kernel_a', 'lora_kernel_b']
    assert [w.trainable for w in layer.weights] == [False, True, True, True]
    assert [tuple(w.shape) for w in layer.weights] == [(4, 2, 5), (2, 5), (4, 2, 2), (2, 5)]
    config = layer.get_config()
    assert list(config)[-3:] == ['quantization_config', 'lora_rank', 'lora_alpha']
    assert (config['lora_rank'], config['lora_alpha']) == (2, 6)


def test_enable_lora_refusals_in_keras_words():
    layer = keras.layers.EinsumDense('ab,bc->ac', 3, kernel_constraint='non_neg')
    layer.build((None, 4))
    with pytest.raises(ValueError, match='Lora is incompatible with kernel constraints'):
        layer.enable_lora(2)
    with pytest.raises(ValueError, match=r"Cannot enable lora on a layer that isn't yet built\."):
        keras.layers.EinsumDense('ab,bc->ac', 3).enable_lora(2)
    layer = keras.layers.EinsumDense('ab,bc->ac', 3, lora_rank=1)
    layer.build((None, 4))
    with pytest.raises(ValueError, match='lora is already enabled'):
        layer.enable_lora(2)


def test_call_is_the_einsum_with_the_merged_kernel():
    layer = _layer(bias_axes='e')
    layer.build((None, 3, 4))
    layer.enable_lora(2, lora_alpha=1)
    rng = np.random.RandomState(5)
    kernel, bias, a, b = (rng.randn(*s).astype('float32') for s in [(4, 2, 5), (5,), (4, 2, 2), (2, 5)])
    for variable, value in zip(layer.weights, (kernel, bias, a, b)):
        variable.assign(value)
    merged = kernel.astype('float64') + 0.5 * np.einsum('cdr,re->cde', a, b)
    np.testing.assert_allclose(layer(X).numpy(), np.einsum('abc,cde->abde', X, merged) + bias, rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(layer._kernel.numpy(), kernel)      # the variable; the property reads the merge
    np.testing.assert_allclose(layer.kernel.numpy(), merged, rtol=1e-6, atol=1e-6)


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives other last bits (6 of 10, e.g. [0, 3] -0.011955466121435165,
# [0, 4] -0.022671252489089966), and tapeflow there others again ([0, 3] -0.011955473572015762; TF's einsum
# products are not modelled there: epyc2's report)
@pytest.mark.avx512_bits
def test_gradients_as_tf():
    keras.utils.set_random_seed(1)
    layer = _layer(bias_axes='de', lora_rank=2, lora_alpha=6)
    layer.build((None, 3, 4))
    layer.lora_kernel_b.assign(np.random.RandomState(2).randn(2, 5).astype('float32'))

    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((layer(X) - Y) ** 2)
        return loss, tape.gradient(loss, layer.trainable_weights)

    # TF 2.21's values (ein1.py): the loss and the bias gradient bitwise; the LoRA gradients to a few
    # ulps (a 40-element einsum gradient sums in another order, as without LoRA)
    golden_bias = [[-0.12263223528862, 0.1336061805486679, 0.32649970054626465, -0.011955469846725464,
                    -0.022671237587928772],
                   [-0.30153483152389526, 0.18885494768619537, -0.648488461971283, -0.35335037112236023,
                    -0.5622537732124329]]
    golden_b = [[-0.5527010560035706, 0.1948317140340805, -4.260612487792969, 3.925901412963867, -3.6625964641571045],
                [-1.3083797693252563, 0.45416662096977234, -1.342568278312683, -2.758852958679199, -1.024915337562561]]
    golden_a_first = [[9.285682678222656, 3.5891995429992676], [31.474849700927734, 10.958171844482422]]
    for run in (step, tf.function(step)):
        loss, (grad_bias, grad_a, grad_b) = run()
        assert float(loss) == 17.40456771850586
        np.testing.assert_array_equal(grad_bias.numpy(), np.float32(golden_bias))
        np.testing.assert_allclose(grad_b.numpy(), golden_b, rtol=1e-6)
        np.testing.assert_allclose(grad_a.numpy()[0], golden_a_first, rtol=1e-6)


def test_fit_and_files_hold_the_merged_kernel(tmp_path):
    keras.utils.set_random_seed(1)
    inputs = keras.Input((3, 4))
    model = keras.Model(inputs, _layer(bias_axes='e', lora_rank=2)(inputs))
    model.compile(optimizer=keras.optimizers.Adam(0.05), loss='mse')
    layer = model.layers[-1]
    kernel = layer._kernel.numpy().copy()
    history = model.fit(X, Y, epochs=3, verbose=0)
    # TF 2.21: [1.8778856992721558, 1.8004592657089233, 1.7132385969161987] (the last differs by 1 ulp here)
    np.testing.assert_allclose(history.history['loss'], [1.8778856992721558, 1.8004592657089233,
                                                         1.7132385969161987], rtol=1e-6)
    np.testing.assert_array_equal(layer._kernel.numpy(), kernel)
    predicted = model.predict(X, verbose=0)
    weights_path, archive_path = str(tmp_path / 'd.weights.h5'), str(tmp_path / 'd.keras')
    model.save_weights(weights_path)
    model.save(archive_path)
    with h5py.File(weights_path) as f:
        assert [f['layers/einsum_dense/vars'][k].shape for k in sorted(f['layers/einsum_dense/vars'])] == [
            (4, 2, 5), (5,)]
    loaded = keras.models.load_model(archive_path)
    layer = loaded.layers[-1]
    assert layer.lora_enabled and layer.lora_alpha == 2 and not layer.lora_kernel_b.numpy().any()
    np.testing.assert_allclose(loaded.predict(X, verbose=0), predicted, rtol=1e-5, atol=1e-6)
