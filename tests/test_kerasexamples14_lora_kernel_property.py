"""With LoRA enabled, reading ``layer.kernel`` (``embeddings``) gives Keras 3's merged tensor
``kernel + (lora_alpha / rank) * a @ b`` in the compute dtype, for Dense, EinsumDense, Embedding and
Conv1D / Conv2D / Conv3D, as TF 2.21's (keras 3.15) properties do; ``_kernel`` is the frozen variable.
tapeflow returned the frozen variable, so a fine-tuning script printing or differentiating ``layer.kernel``
saw no LoRA update. Conv1D / Conv2D / Conv3D's ``kernel`` is read-only too, as BaseConv's property.

Goldens: TF 2.21 printed them for /work/notes/progs/kerasexamples14/p1_lora_kernel.py and p2_lora_subclass.py
(this machine, AMD EPYC AVX2; within float32 rounding on another CPU)."""
import numpy as np
import pytest

from conftest import hexes_as_tf
import framework as tf
from framework import keras
from framework.variable import Variable

# (tag, make layer, build shape, attribute, LoRA b, plain sum, merged sum with b = 1, grads of sum(merged ** 2)
# with respect to trainable_weights (None: the bias, not read))
CASES = [
    ('dense', lambda: keras.layers.Dense(3), (None, 4), 'kernel', 'lora_kernel_b',
     '-0x1.ef1e780000000p+0', '-0x1.b5e1f40000000p+2', [None, '-0x1.b5e1f20000000p+4', '0x1.4bd6300000000p+3']),
    ('einsum', lambda: keras.layers.EinsumDense('ab,bc->ac', output_shape=5), (None, 4), 'kernel', 'lora_kernel_b',
     '0x1.276ed80000000p+0', '0x1.0ac0f20000000p+1', ['0x1.0ac0f00000000p+3', '0x1.1128b00000000p+6']),
    ('einsum3', lambda: keras.layers.EinsumDense('abc,cde->abde', output_shape=(None, 2, 3)), (None, 6, 4), 'kernel',
     'lora_kernel_b', '-0x1.cc9d5c0000000p-1', '-0x1.acecf40000000p+2',
     ['-0x1.acecf60000000p+4', '0x1.2a10000000000p+4']),
    ('embed', lambda: keras.layers.Embedding(10, 3), (None, 4), 'embeddings', 'lora_embeddings_b',
     '-0x1.ac01240000000p-6', '-0x1.7f214e0000000p+0', ['-0x1.7f21540000000p+2', '0x1.f980d80000000p+3']),
    ('conv1', lambda: keras.layers.Conv1D(3, 2), (None, 5, 4), 'kernel', 'lora_kernel_b',
     '0x1.aee9740000000p+0', '-0x1.f0f9ec0000000p+1', [None, '-0x1.f0f9e80000000p+3', '0x1.3015e40000000p+4']),
    ('conv2', lambda: keras.layers.Conv2D(3, 2), (None, 5, 5, 4), 'kernel', 'lora_kernel_b',
     '0x1.5013e40000000p+1', '-0x1.31616a0000000p+1', [None, '-0x1.31616c0000000p+3', '0x1.275cc80000000p+4']),
    ('conv3', lambda: keras.layers.Conv3D(3, 2), (None, 4, 4, 4, 2), 'kernel', 'lora_kernel_b',
     '-0x1.52e7300000000p-3', '0x1.591e1e0000000p+1', [None, '0x1.591e260000000p+3', '0x1.aca5300000000p+3']),
]


def _hex_sum(t):
    return float(tf.reduce_sum(tf.cast(t, 'float32'))).hex()


def test_lora_kernels_read_merged_as_tf(epyc_cpu):
    """p1_lora_kernel.py in order (one seeded sequence: the seven layers made, then each built and given LoRA,
    then two under 'mixed_float16')."""
    keras.utils.set_random_seed(1)
    made = [make() for _, make, *_ in CASES]
    for layer, (tag, _, shape, attribute, b_name, plain_sum, merged_sum, grad_sums) in zip(made, CASES):
        layer.build(shape)
        frozen = getattr(layer, attribute)
        assert isinstance(frozen, Variable) and getattr(layer, '_' + attribute) is frozen
        assert hexes_as_tf([_hex_sum(frozen)], [plain_sum], measured_on='avx2'), tag
        layer.enable_lora(2)
        getattr(layer, b_name).assign(tf.ones(getattr(layer, b_name).shape))
        merged = getattr(layer, attribute)
        assert not isinstance(merged, Variable) and merged.dtype == 'float32', tag
        assert tuple(merged.shape) == tuple(frozen.shape), tag
        assert hexes_as_tf([_hex_sum(merged)], [merged_sum], measured_on='avx2'), tag
        assert getattr(layer, '_' + attribute) is frozen and not frozen.trainable, tag
        assert hexes_as_tf([_hex_sum(frozen)], [plain_sum], measured_on='avx2'), tag
        # the weights are still the variables, the frozen one first (TF: [False, True, True(, True)])
        assert layer.weights[0] is frozen and [w.trainable for w in layer.weights][1:] == [True] * (
            len(layer.weights) - 1), tag
        with pytest.raises(AttributeError, match="^property '%s' of '%s' object has no setter$"
                                                 % (attribute, type(layer).__name__)):
            setattr(layer, attribute, tf.zeros(merged.shape))
        # each read is computed from the LoRA weights, so a tape sees them
        with tf.GradientTape() as tape:
            total = tf.reduce_sum(getattr(layer, attribute) ** 2)
        grads = tape.gradient(total, layer.trainable_weights)
        assert [g is None for g in grads] == [s is None for s in grad_sums], tag
        assert hexes_as_tf([_hex_sum(g) for g in grads if g is not None], [s for s in grad_sums if s], 'avx2'), tag
        # a tensor: TF's EagerTensor has no assign
        with pytest.raises(AttributeError, match="^'tensorflow.python.framework.ops.EagerTensor' object has no "
                                                 "attribute 'assign'$"):
            getattr(layer, attribute).assign(tf.zeros(merged.shape))

    # (the program's plain Conv2D, Conv2DTranspose and DepthwiseConv2D draw their kernels next)
    keras.layers.Conv2D(2, 2).build((None, 4, 4, 1))
    keras.layers.Conv2DTranspose(2, 2).build((None, 4, 4, 1))
    keras.layers.DepthwiseConv2D(2).build((None, 4, 4, 1))
    # under a mixed policy the property reads the merge in the compute dtype
    keras.mixed_precision.set_global_policy('mixed_float16')
    try:
        dense = keras.layers.Dense(3)
        dense.build((None, 4))
        dense.enable_lora(2)
        dense.lora_kernel_b.assign(tf.ones(dense.lora_kernel_b.shape))
        conv = keras.layers.Conv2D(3, 2)
        conv.build((None, 5, 5, 4))
        conv.enable_lora(2)
        assert (dense.kernel.dtype, conv.kernel.dtype, dense._kernel.dtype) == ('float16', 'float16', 'float32')
        outputs = dense(np.ones((2, 4), 'float32'))
        assert outputs.dtype == 'float16'
        assert hexes_as_tf([_hex_sum(dense.kernel), _hex_sum(conv.kernel), _hex_sum(outputs)],
                           ['0x1.0e51000000000p+3', '0x1.18e5000000000p-1', '0x1.0e70000000000p+4'], 'avx2')
    finally:
        keras.mixed_precision.set_global_policy('float32')


def test_subclass_reads_and_fit_as_tf(epyc_cpu):
    """p2_lora_subclass.py in order (one seeded sequence): a Dense subclass whose call reads self.kernel, a
    Conv2D standardizing its kernel in convolution_op (the merged one, with its gradients), a LoRA model's fit."""
    read = []

    class MyDense(keras.layers.Dense):
        def call(self, inputs):
            read.append((isinstance(self.kernel, Variable), _hex_sum(self.kernel)))
            return tf.matmul(inputs, self.kernel) + self.bias

    class StdConv(keras.layers.Conv2D):
        def convolution_op(self, inputs, kernel):
            mean, var = tf.nn.moments(kernel, axes=[0, 1, 2], keepdims=True)
            return tf.nn.conv2d(inputs, (kernel - mean) / tf.sqrt(var + 1e-10), padding='VALID', strides=[1, 1, 1, 1])

    keras.backend.clear_session()       # (the weight paths' layer names count from zero, as in the program)
    keras.utils.set_random_seed(2)
    layer = MyDense(3)
    x = np.arange(8, dtype='float32').reshape(2, 4) / 8
    layer(x)
    layer.enable_lora(2)
    layer.lora_kernel_b.assign(tf.ones(layer.lora_kernel_b.shape) / 4)
    outputs = layer(x)
    assert [r[0] for r in read] == [True, False]        # TF 2.21: the variable, then the merged tensor
    assert hexes_as_tf([r[1] for r in read] + [v.hex() for v in outputs.numpy().ravel().tolist()],
                       ['0x1.0db77c0000000p-1', '0x1.0a6a400000000p+0', '0x1.588c600000000p-3', '-0x1.8703900000000p-6',
                        '-0x1.4071b20000000p-2', '0x1.fcc7700000000p-1', '-0x1.1dc45c0000000p-2',
                        '-0x1.7391c40000000p-2'], 'avx2')
    assert hexes_as_tf([_hex_sum(layer.kernel), _hex_sum(layer._kernel)],
                       ['0x1.0a6a400000000p+0', '0x1.0db77c0000000p-1'], 'avx2')

    conv = StdConv(2, 2, lora_rank=1)
    images = np.linspace(-1, 1, 2 * 4 * 4 * 3).astype('float32').reshape(2, 4, 4, 3)
    conv.build(images.shape)
    conv.lora_kernel_b.assign(tf.ones(conv.lora_kernel_b.shape) / 3)
    assert hexes_as_tf([v.hex() for v in conv(images).numpy().ravel()[:6].tolist()],
                       ['-0x1.6f21540000000p-4', '0x1.73a3180000000p-2', '-0x1.6f21780000000p-4', '0x1.73a3200000000p-2',
                        '-0x1.6f215a0000000p-4', '0x1.73a3080000000p-2'], 'avx2')
    with tf.GradientTape() as tape:
        total = tf.reduce_sum(conv(images) ** 2)
    grads = tape.gradient(total, conv.trainable_weights)
    assert [w.path for w in conv.trainable_weights] == ['std_conv/bias', 'std_conv/lora_kernel_a',
                                                        'std_conv/lora_kernel_b']
    # (lora_kernel_a's sum is a cancellation, -2**-21 in TF: compared at its scale, not relatively)
    bias_sum, a_sum, b_sum = (float(tf.reduce_sum(g)) for g in grads)
    assert hexes_as_tf([bias_sum.hex(), b_sum.hex()], ['0x1.3ad6240000000p+3', '-0x1.b84a9c0000000p+2'], 'avx2')
    assert abs(a_sum) < 1e-5

    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, lora_rank=2), keras.layers.Dense(1)])
    model.compile('adam', 'mse')
    history = model.fit(x, np.ones((2, 1), 'float32'), epochs=3, verbose=0)
    assert hexes_as_tf([v.hex() for v in history.history['loss']],
                       ['0x1.3f90560000000p-2', '0x1.3dcf540000000p-2', '0x1.3c12680000000p-2'], 'avx2')
    dense = model.layers[0]
    assert [v.path for v in dense.weights] == ['sequential/dense/kernel', 'sequential/dense/bias',
                                               'sequential/dense/lora_kernel_a', 'sequential/dense/lora_kernel_b']
    assert hexes_as_tf([_hex_sum(dense.kernel), _hex_sum(dense._kernel)],
                       ['0x1.d8c5a00000000p+0', '0x1.d970f60000000p+0'], 'avx2')
