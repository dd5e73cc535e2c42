"""Conv1D / Conv2D / Conv3D take Keras 3's LoRA (``lora_rank`` / ``lora_alpha``, ``enable_lora``), as
BaseConv does in TF 2.21 (keras 3.15): the kernel frozen, float32 ``lora_kernel_a`` / ``lora_kernel_b``
trained, the merged kernel saved. tapeflow's convolutions had no ``enable_lora`` (AttributeError).

Goldens: TF 2.21 printed them for /work/notes/progs/kerasexamples13/p8_convlora.py (this machine, AMD EPYC
AVX2); the sums are of small convolutions, the same bits on any CPU within float32 rounding."""
import numpy as np
import pytest

import framework as tf
from framework import keras


X = np.random.RandomState(0).rand(2, 6, 6, 3).astype('float32')

# (layer class, input, kernel shape, a's shape, sum of a (he_uniform, seed 1), sum of the output with b = 1)
CASES = [
    (keras.layers.Conv2D, X, (3, 3, 3, 4), (3, 3, 3, 2), '0x1.2255720000000p+1', '0x1.af30e00000000p+6'),
    (keras.layers.Conv1D, X[:, 0], (3, 3, 4), (3, 3, 2), '0x1.4f8b0c0000000p+0', '0x1.de587e0000000p+2'),
    (keras.layers.Conv3D, X[..., None, :].repeat(3, axis=3), (3, 3, 3, 3, 4), (3, 3, 3, 3, 2),
     '-0x1.624dd00000000p-1', '-0x1.c13bdc0000000p+4'),
]


@pytest.mark.parametrize('kind, inputs, kernel_shape, a_shape, a_sum, out_sum', CASES)
def test_enable_lora_freezes_the_kernel_and_adds_tf_weights(same_as_tf, epyc_cpu, kind, inputs, kernel_shape, a_shape,
                                                            a_sum, out_sum):
    keras.utils.set_random_seed(1)
    layer = kind(4, 3)
    before = layer(inputs)
    layer.enable_lora(2)
    assert (layer.lora_enabled, layer.lora_rank, layer.lora_alpha) == (True, 2, 2)
    assert [(w.name, tuple(w.shape), w.trainable) for w in layer.weights] == [
        ('kernel', kernel_shape, False), ('bias', (4,), True), ('lora_kernel_a', a_shape, True),
        ('lora_kernel_b', (2, 4), True)]
    assert (len(layer.trainable_weights), len(layer.non_trainable_weights)) == (3, 1)
    assert layer.lora_kernel_a.dtype == 'float32'
    same_as_tf(float(tf.reduce_sum(layer.lora_kernel_a)), float.fromhex(a_sum), measured_on='avx2')
    assert float(tf.reduce_sum(layer(inputs) - before)) == 0.0       # b starts at zero
    layer.lora_kernel_b.assign(tf.ones(layer.lora_kernel_b.shape))
    same_as_tf(float(tf.reduce_sum(layer(inputs))), float.fromhex(out_sum), measured_on='avx2')
    assert (layer.get_config()['lora_rank'], layer.get_config()['lora_alpha']) == (2, 2)
    with pytest.raises(ValueError, match='^lora is already enabled. This can only be done once per layer.$'):
        layer.enable_lora(2)


@pytest.mark.parametrize('kind, inputs', [(case[0], case[1]) for case in CASES])
def test_lora_rank_enables_at_build_keeping_alpha(kind, inputs):
    # unlike Dense, Keras 3's BaseConv.build passes lora_alpha on: 6 stays 6
    layer = kind(4, 3, lora_rank=3, lora_alpha=6)
    assert (layer.lora_rank, layer.lora_alpha, layer.lora_enabled) == (3, 6, False)
    layer(inputs)
    assert (layer.lora_rank, layer.lora_alpha, layer.lora_enabled) == (3, 6, True)
    assert [w.name for w in layer.trainable_weights] == ['bias', 'lora_kernel_a', 'lora_kernel_b']
    assert layer.get_config()['lora_alpha'] == 6
    assert 'lora_rank' not in kind(4, 3).get_config()       # Keras 3 files the keys only with a rank


def test_refusals_in_keras_words():
    # (raised inside the build of a first call: under pytest tapeflow's call context adds a line after Keras's)
    with pytest.raises(ValueError, match=r'^Lora is incompatible with kernel constraints. In order to enable lora on '
                                         r'this layer, remove the `kernel_constraint` argument.(\n|$)'):
        keras.layers.Conv2D(4, 3, kernel_constraint='non_neg', lora_rank=2)(X)
    with pytest.raises(ValueError, match="^Cannot enable lora on a layer that isn't yet built.$"):
        keras.layers.Conv2D(4, 3).enable_lora(2)


def test_fit_trains_the_lora_weights_and_saves_the_merged_kernel(tmp_path, same_as_tf, epyc_cpu):
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((6, 6, 3)), keras.layers.Conv2D(4, 3), keras.layers.Flatten(),
                              keras.layers.Dense(2)])
    model.layers[0].enable_lora(2)
    model.compile('adam', 'mse')
    history = model.fit(X, np.ones((2, 2)), epochs=3, verbose=0)
    same_as_tf(history.history['loss'], [float.fromhex(h) for h in
                                         ['0x1.21794a0000000p-2', '0x1.0aeaba0000000p-2', '0x1.eaa0d60000000p-3']],
               measured_on='avx2')
    same_as_tf(float(tf.reduce_sum(model.layers[0].lora_kernel_b)), float.fromhex('0x1.4980000000000p-20'),
               measured_on='avx2')
    path = str(tmp_path / 'lora.keras')
    model.save(path)
    loaded = keras.models.load_model(path)
    assert loaded.layers[0].lora_enabled
    assert [w.name for w in loaded.layers[0].weights] == ['kernel', 'bias', 'lora_kernel_a', 'lora_kernel_b']
    # the file holds the merged kernel; loading zeroes the update: the same predictions
    np.testing.assert_array_equal(loaded.predict(X, verbose=0), model.predict(X, verbose=0))
    weights = str(tmp_path / 'lora.weights.h5')
    model.save_weights(weights)
    model.load_weights(weights)
    assert float(tf.reduce_sum(model.layers[0].lora_kernel_b)) == 0.0
