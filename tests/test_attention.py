"""Attention and MultiHeadAttention against Keras 3.15 (TensorFlow 2.21).

Golden values were printed by Keras 3.15 running the same program with the
same weights: inputs ``_inp(shape, k)`` = cos(0.3 i + k) and weights
``_det(shape, k)`` = 0.5 sin(0.7 i + k) over the flat index i, reshaped; a
MultiHeadAttention's k-th weight (in ``weights`` order) is ``_det(shape, k)``.
Each entry gives the output shape, its first values (raveled) and its sum.
"""
import os
import subprocess

import h5py
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.gradient_check import check_gradients
from framework.losses.tensor_notes import get_keras_mask, set_keras_mask
from layers.saving import load_model

L = keras.layers
KERAS_PYTHON = '/opt/tfref/bin/python'


def _det(shape, k):
    return (0.5 * np.sin(np.arange(int(np.prod(shape))) * 0.7 + k)).reshape(shape).astype('float32')


def _inp(shape, k):
    return np.cos(np.arange(int(np.prod(shape))) * 0.3 + k).reshape(shape).astype('float32')


def _assert_golden(out, golden, rtol=1e-5, atol=2e-6):
    shape, first, total = golden
    out = np.asarray(out)
    assert out.shape == shape
    np.testing.assert_allclose(out.ravel()[:len(first)], first, rtol=rtol, atol=atol)
    np.testing.assert_allclose(out.sum(), total, rtol=1e-5, atol=1e-5)


def _set_det_weights(layer):
    layer.set_weights([_det(w.shape, k) for k, w in enumerate(layer.weights)])


Q, V, K = _inp((2, 3, 4), 0), _inp((2, 5, 4), 1), _inp((2, 5, 4), 2)
Q_MASK = np.array([[1, 1, 0], [1, 1, 1]], bool)
V_MASK = np.array([[1, 1, 1, 0, 0], [1, 1, 1, 1, 0]], bool)

# ---- Attention ---------------------------------------------------------------------------------------------

ATT_DOT = ((2, 3, 4), [0.0884634, 0.3294238, 0.5409577, 0.7041695, 0.1236859, 0.07231241], 0.7295545)
ATT_DOT_SCORES = ((2, 3, 5), [0.003065471, 0.001787089, 0.04223279, 0.7168038, 0.2361109, 0.3131124], 6.0)
ATT_SCALE = ((2, 3, 4), [0.5401019, 0.6079427, 0.6214777, 0.5794981, -0.06782343, -0.1000562], 1.339313)
ATT_CONCAT = ((2, 3, 4), [0.06024079, 0.2698022, 0.455263, 0.6000565, 0.05213713, 0.2845149], 8.738986)
ATT_MASKED = ((2, 3, 4), [0.5403023, 0.2674988, -0.02919952, -0.3232896, -0.04215842, -0.2839189, -0.5003178,
                          -0.6720248, 0.0, 0.0, 0.0, 0.0], 2.766505)
ATT_MASKED_SCORES = ((2, 3, 5), [1.0, 0.0, 0.0, 0.0, 0.0, 0.4840016, 0.5159984, 0.0, 0.0, 0.0, 0.02138621,
                                 0.6217377, 0.3568761, 0.0, 0.0], 6.0)
ATT_VMASK_SCORES = ((2, 3, 5), [0.9263818, 0.03337835, 0.04023983, 0.0, 0.0, 0.3693359, 0.3937522, 0.2369118,
                                0.0, 0.0], 6.0)


def test_dot_attention_matches_keras(backend):
    out, scores = L.Attention()([Q, V, K], return_attention_scores=True)
    _assert_golden(out.numpy(), ATT_DOT)
    _assert_golden(scores.numpy(), ATT_DOT_SCORES)


def test_scaled_and_concat_attention_match_keras():
    layer = L.Attention(use_scale=True)
    layer([Q, V])
    assert [w.name for w in layer.weights] == ['scale']
    layer.set_weights([np.float32(0.5)])
    _assert_golden(layer([Q, V]).numpy(), ATT_SCALE)
    concat = L.Attention(use_scale=True, score_mode='concat')
    concat([Q, V, K])
    assert [w.name for w in concat.weights] == ['scale', 'concat_score_weight']
    concat.set_weights([np.float32(0.5), np.float32(1.5)])
    _assert_golden(concat([Q, V, K]).numpy(), ATT_CONCAT)


def test_attention_masks_and_causality_match_keras(backend):
    out, scores = L.Attention()([Q, V], mask=[Q_MASK, V_MASK], use_causal_mask=True, return_attention_scores=True)
    _assert_golden(out.numpy(), ATT_MASKED)
    _assert_golden(scores.numpy(), ATT_MASKED_SCORES)
    _, scores = L.Attention()([Q, V], mask=[None, V_MASK], return_attention_scores=True)
    _assert_golden(scores.numpy(), ATT_VMASK_SCORES)


def test_attention_reads_the_inputs_keras_masks():
    query, value = tf.constant(Q), tf.constant(V)
    set_keras_mask(query, tf.constant(Q_MASK))
    set_keras_mask(value, tf.constant(V_MASK))
    out = L.Attention()([query, value], use_causal_mask=True)
    _assert_golden(out.numpy(), ATT_MASKED)
    np.testing.assert_array_equal(get_keras_mask(out).numpy(), Q_MASK)       # the output keeps the query's mask


def test_attention_dropout_only_while_training():
    layer = L.Attention(dropout=0.5, seed=3)
    np.testing.assert_allclose(layer([Q, V, K]).numpy(), L.Attention()([Q, V, K]).numpy())
    assert not np.allclose(layer([Q, V, K], training=True).numpy(), layer([Q, V, K]).numpy())


def test_attention_config_and_errors():
    config = L.Attention(use_scale=True, score_mode='concat', name='att').get_config()
    assert list(config) == ['name', 'trainable', 'dtype', 'use_scale', 'score_mode', 'dropout', 'seed']
    assert L.Attention.from_config(config).score_mode == 'concat'
    assert L.Attention().compute_output_shape([(None, 3, 4), (None, 5, 6)]) == (None, 3, 6)
    with pytest.raises(ValueError, match='score_mode'):
        L.Attention(score_mode='additive')
    with pytest.raises(ValueError, match='attention'):
        L.Attention()(Q)
    with pytest.raises(ValueError, match='attention'):
        L.Attention()([Q, _inp((2, 5, 3), 1)])

# ---- MultiHeadAttention --------------------------------------------------------------------------------

QM, VM, KM = _inp((2, 4, 6), 0), _inp((2, 3, 5), 1), _inp((2, 3, 6), 2)
MHA = ((2, 4, 7), [0.787173, 1.001926, 0.7454576, 0.1383888, -0.5337664, -0.9548829], 2.365592)
MHA_SCORES = ((2, 2, 4, 3), [0.363969, 0.2781431, 0.357888, 0.3711088, 0.267936, 0.3609552], 16.0)
MHA_AMASK = ((2, 4, 7), [0.9531882, 1.186146, 0.8612413, 0.131281, -0.6604226, -1.141519], 2.229288)
ATTENTION_MASK = np.array([[[1, 1, 0]] * 4, [[1, 0, 1], [0, 1, 1], [1, 1, 1], [1, 0, 0]]], bool)
MHA_SELF_CAUSAL = ((2, 4, 6), [0.5581256, 0.5263064, 0.246957, -0.1485401, -0.4741765, -0.5768003], 1.158447)
MHA_SELF_CAUSAL_SCORES = ((2, 2, 4, 4), [1.0, 0.0, 0.0, 0.0, 0.518389, 0.4816109, 0.0, 0.0], 16.0)
MHA_AXES12 = ((2, 2, 3, 6), [0.481685, 0.4876573, 0.2642767, -0.08339733, -0.3918483, -0.5160069], 2.846488)
MHA_GATE = ((2, 4, 6), [0.01424713, 0.03172706, 0.03428525, 0.02071855, -0.002592402, -0.02468411], 0.3275136)
MHA_WINDOW_CAUSAL = ((2, 4, 6), [0.5581256, 0.5263064, 0.246957, -0.1485401, -0.4741765, -0.5768003], 1.565837)
# From a functional model Input -> Embedding(5, 6, mask_zero=True) -> MultiHeadAttention(2, 3)(x, x),
# where Keras 3 carries the embedding's mask to the attention (value and query masks).
MHA_KERAS_MASK = ((2, 4, 6), [0.4707611, 0.4887505, 0.276873, -0.06522225, -0.3766425, -0.5109218, 0.4776648,
                              0.4896419, 0.2713329, -0.0745883, -0.3854294, -0.5149971], 1.892512)
MHA_CONFIG_KEYS = ['name', 'trainable', 'dtype', 'num_heads', 'key_dim', 'value_dim', 'dropout', 'use_bias',
                   'use_gate', 'output_shape', 'attention_axes', 'sliding_window', 'kernel_initializer',
                   'bias_initializer', 'kernel_regularizer', 'bias_regularizer', 'activity_regularizer',
                   'kernel_constraint', 'bias_constraint', 'seed']


def _mha(query, value, key=None, **kwargs):
    layer = L.MultiHeadAttention(2, 3, **kwargs)
    layer(query, value, key)
    _set_det_weights(layer)
    return layer


def test_mha_weights_have_keras_names_shapes_and_order():
    layer = L.MultiHeadAttention(2, 3, value_dim=4, output_shape=7)
    layer(QM, VM, KM)
    assert [w.path for w in layer.weights] == [
        '%s/%s/%s' % (layer.name, part, kind) for part in ('query', 'key', 'value', 'attention_output')
        for kind in ('kernel', 'bias')]
    assert [w.shape for w in layer.weights] == [(6, 2, 3), (2, 3), (6, 2, 3), (2, 3), (5, 2, 4), (2, 4), (2, 4, 7),
                                                (7,)]
    assert layer.count_params() == 36 + 6 + 36 + 6 + 40 + 8 + 56 + 7


def test_mha_matches_keras_with_masks_and_scores(backend):
    layer = _mha(QM, VM, KM, value_dim=4, output_shape=7)
    out, scores = layer(QM, VM, KM, return_attention_scores=True)
    _assert_golden(out.numpy(), MHA)
    _assert_golden(scores.numpy(), MHA_SCORES)
    _assert_golden(layer(QM, VM, KM, attention_mask=ATTENTION_MASK).numpy(), MHA_AMASK)


def test_mha_self_attention_with_causal_mask_and_sliding_window_matches_keras(backend):
    out, scores = _mha(QM, QM)(QM, QM, use_causal_mask=True, return_attention_scores=True)
    _assert_golden(out.numpy(), MHA_SELF_CAUSAL)
    _assert_golden(scores.numpy(), MHA_SELF_CAUSAL_SCORES)
    _assert_golden(_mha(QM, QM, sliding_window=2)(QM, QM, use_causal_mask=True).numpy(), MHA_WINDOW_CAUSAL)


def test_mha_over_two_attention_axes_matches_keras():
    images = _inp((2, 2, 3, 6), 3)
    layer = _mha(images, images, attention_axes=(1, 2))
    out, scores = layer(images, images, return_attention_scores=True)
    _assert_golden(out.numpy(), MHA_AXES12)
    assert scores.shape == (2, 2, 2, 3, 2, 3)


def test_mha_gate_matches_keras():
    layer = _mha(QM, VM, use_gate=True, use_bias=False)
    assert [w.path.split('/', 1)[1] for w in layer.weights] == ['query/kernel', 'key/kernel', 'gate/kernel',
                                                                 'value/kernel', 'attention_output/kernel']
    _assert_golden(layer(QM, VM).numpy(), MHA_GATE)


def test_mha_uses_keras_masks_from_embedding():
    tokens = np.array([[1, 2, 0, 0], [3, 1, 2, 0]])
    inputs = L.Input((4,), dtype='int32')
    embedding = L.Embedding(5, 6, mask_zero=True)
    x = embedding(inputs)
    attention = L.MultiHeadAttention(2, 3)
    model = L.Model(inputs, attention(x, x))
    embedding.set_weights([_det((5, 6), 9)])
    _set_det_weights(attention)
    _assert_golden(model(tokens).numpy(), MHA_KERAS_MASK)
    # the same as the explicit mask of allowed (query, key) pairs
    keep = tokens != 0
    plain = embedding(tokens).numpy()
    _assert_golden(attention(plain, plain, attention_mask=keep[:, :, None] & keep[:, None, :]).numpy(),
                   MHA_KERAS_MASK)
    direct = embedding(tokens)
    np.testing.assert_array_equal(get_keras_mask(attention(direct, direct)).numpy(), keep)


def test_mha_gradients_match_central_differences():
    layer = L.MultiHeadAttention(2, 2, dtype='float64')
    q, v = _inp((1, 3, 4), 0).astype(np.float64), _inp((1, 2, 4), 1).astype(np.float64)
    layer(q, v)
    check_gradients(lambda q, v: layer(q, v, use_causal_mask=False), [q, v])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(q, v) ** 2)
    grads = tape.gradient(loss, layer.trainable_weights)
    assert len(grads) == 8 and all(g is not None for g in grads)


def test_mha_dropout_is_seeded_and_only_while_training():
    layer = _mha(QM, VM, dropout=0.5, seed=4)
    plain = _mha(QM, VM)
    np.testing.assert_allclose(layer(QM, VM).numpy(), plain(QM, VM).numpy(), rtol=1e-6)
    tf.random.set_seed(1)
    first = layer(QM, VM, training=True).numpy()
    tf.random.set_seed(1)
    again = _mha(QM, VM, dropout=0.5, seed=4)(QM, VM, training=True).numpy()
    np.testing.assert_array_equal(first, again)
    assert not np.allclose(first, plain(QM, VM).numpy())


def test_mha_in_a_functional_model_and_its_config():
    query, value = L.Input((4, 6)), L.Input((3, 5))
    out = L.MultiHeadAttention(2, 3, output_shape=7)(query, value)
    assert out.shape == (None, 4, 7)
    model = L.Model([query, value], out)
    assert model.count_params() == 42 + 36 + 36 + 49
    assert model([QM, VM]).shape == (2, 4, 7)
    config = model.layers[-1].get_config()
    assert list(config) == MHA_CONFIG_KEYS and config['output_shape'] == (7,) and config['value_dim'] == 3
    again = L.MultiHeadAttention.from_config(config)
    # (value_shape is a required argument, as in Keras 3)
    assert again.num_heads == 2 and again.key_dim == 3
    assert again.compute_output_shape((None, 4, 6), (None, 4, 6)) == (None, 4, 7)


def test_mha_bad_arguments_and_inputs():
    for kwargs in (dict(num_heads=0, key_dim=2), dict(num_heads=2, key_dim='two'), dict(num_heads=2, key_dim=2,
                                                                                         value_dim=-1)):
        with pytest.raises(ValueError, match='MultiHeadAttention'):
            L.MultiHeadAttention(**kwargs)
    with pytest.raises(TypeError, match="^missing a required argument: 'value'"):      # Keras 3's bind error
        L.MultiHeadAttention(2, 2)(QM)
    with pytest.raises(ValueError, match='rank >= 3'):
        L.MultiHeadAttention(2, 2)(QM[:, 0], VM[:, 0])
    with pytest.raises(ValueError, match='except the last one'):
        L.MultiHeadAttention(2, 2)(QM, VM, _inp((2, 4, 6), 1))
    layer = L.MultiHeadAttention(2, 2)
    layer(QM, VM)
    with pytest.raises(ValueError, match='does not fit'):
        layer(QM, _inp((2, 3, 4), 1))

# ---- weights files ---------------------------------------------------------------------------------------

# The paths Keras 3.15 writes for Model([q, v], MultiHeadAttention(2, 3)(q, v)) (printed by h5py's visititems).
KERAS_MHA_PATHS = ['layers/multi_head_attention/key_dense/vars/0', 'layers/multi_head_attention/key_dense/vars/1',
                   'layers/multi_head_attention/output_dense/vars/0',
                   'layers/multi_head_attention/output_dense/vars/1',
                   'layers/multi_head_attention/query_dense/vars/0', 'layers/multi_head_attention/query_dense/vars/1',
                   'layers/multi_head_attention/value_dense/vars/0', 'layers/multi_head_attention/value_dense/vars/1']


def _mha_model():
    query, value = L.Input((4, 6)), L.Input((3, 5))
    return L.Model([query, value], L.MultiHeadAttention(2, 3)(query, value))


def _datasets(path):
    found = []
    with h5py.File(path) as f:
        f.visititems(lambda name, obj: found.append(name) if isinstance(obj, h5py.Dataset) else None)
    return sorted(found)


def test_mha_weights_file_has_keras_layout_and_loads_back(tmp_path):
    model = _mha_model()
    _set_det_weights(model)
    path = os.path.join(tmp_path, 'mha.weights.h5')
    model.save_weights(path)
    assert _datasets(path) == KERAS_MHA_PATHS
    fresh = _mha_model()
    fresh.load_weights(path)
    np.testing.assert_array_equal(fresh([QM, VM]).numpy(), model([QM, VM]).numpy())


def _all_layers_model():
    query, value, images = L.Input((5, 6)), L.Input((4, 6)), L.Input((4, 4, 2))
    hidden = L.EinsumDense('abc,cd->abd', (None, 4), bias_axes='d')(query)
    outputs = [L.MultiHeadAttention(2, 3)(query, value), L.MultiHeadAttention(2, 3, value_dim=2)(query, value, value),
               L.Attention(use_scale=True, score_mode='concat')([query, value]),
               L.PReLU()(L.TimeDistributed(L.Dense(3))(query)),
               L.UpSampling2D()(L.Conv2DTranspose(3, 3, strides=2, padding='same')(images)),
               L.Dot((2, 2))([query, value]), L.UnitNormalization()(hidden)]
    model = L.Model([query, value, images], outputs)
    _set_det_weights(model)
    return model


# Keras 3 loads our .weights.h5 and .keras files, predicts what we predict, and
# saves a .keras archive that we load and predict the same from.
KERAS_ROUND_TRIP = """
import os, sys, numpy as np; os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'
import keras
L = keras.layers
folder = sys.argv[1]
q, v, img = keras.Input((5, 6)), keras.Input((4, 6)), keras.Input((4, 4, 2))
h = L.EinsumDense('abc,cd->abd', (None, 4), bias_axes='d')(q)
outs = [L.MultiHeadAttention(2, 3)(q, v), L.MultiHeadAttention(2, 3, value_dim=2)(q, v, v),
        L.Attention(use_scale=True, score_mode='concat')([q, v]), L.PReLU()(L.TimeDistributed(L.Dense(3))(q)),
        L.UpSampling2D()(L.Conv2DTranspose(3, 3, strides=2, padding='same')(img)), L.Dot((2, 2))([q, v]),
        L.UnitNormalization()(h)]
model = keras.Model([q, v, img], outs)
model.load_weights(os.path.join(folder, 'ours.weights.h5'))
data = np.load(os.path.join(folder, 'io.npz'))
xs = [data['x%d' % i] for i in range(3)]
archive = keras.saving.load_model(os.path.join(folder, 'ours.keras'))
for name, m in (('weights', model), ('archive', archive)):
    for i, out in enumerate(m.predict(xs, verbose=0)):
        np.testing.assert_allclose(out, data['y%d' % i], rtol=1e-5, atol=1e-6, err_msg='%s output %d' % (name, i))
archive.save(os.path.join(folder, 'theirs.keras'))
print('ok')
"""


@pytest.mark.skipif(not os.path.exists(KERAS_PYTHON), reason='needs the Keras 3 reference environment')
def test_files_move_between_keras_and_tapeflow(tmp_path):
    model = _all_layers_model()
    xs = [_inp((2, 5, 6), 0), _inp((2, 4, 6), 1), _inp((2, 4, 4, 2), 2)]
    ys = [y.numpy() for y in model(xs)]
    np.savez(os.path.join(tmp_path, 'io.npz'), **{'x%d' % i: x for i, x in enumerate(xs)},
             **{'y%d' % i: y for i, y in enumerate(ys)})
    model.save_weights(os.path.join(tmp_path, 'ours.weights.h5'))
    model.save(os.path.join(tmp_path, 'ours.keras'))
    done = subprocess.run([KERAS_PYTHON, '-c', KERAS_ROUND_TRIP, str(tmp_path)], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0 and done.stdout.strip().endswith('ok'), done.stderr[-3000:]
    theirs = load_model(os.path.join(tmp_path, 'theirs.keras'))
    for out, expected in zip(theirs(xs), ys):
        np.testing.assert_allclose(out.numpy(), expected, rtol=1e-5, atol=1e-6)
