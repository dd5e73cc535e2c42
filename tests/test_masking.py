"""Masks as Keras 3 makes and uses them: Embedding(mask_zero=True), Masking, the
recurrent layers, GlobalAveragePooling1D, and losses / metrics in fit.

Golden values come from Keras 3.15 (TensorFlow 2.21, CPU) running the same
models on the same weights and data: weights are filled by the formulas in
``_fill`` / ``_fill_cell`` on both sides, the data by ``X``, ``Y``, ``YSEQ``, ``XF``.
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.losses.tensor_notes import get_keras_mask

L = keras.layers


def _fill(model):
    """Weight i: 0.25 * sin(0.7 * arange(size) + i), in get_weights() order."""
    model.set_weights([0.25 * np.sin(0.7 * np.arange(w.size) + i).reshape(w.shape).astype('float32')
                       for i, w in enumerate(model.get_weights())])


def _fill_cell(layer):
    """Weight i: 0.4 * cos(0.9 * arange(size) + i)."""
    layer.set_weights([0.4 * np.cos(0.9 * np.arange(w.size) + i).reshape(w.shape).astype('float32')
                       for i, w in enumerate(layer.get_weights())])


def _mask(tensor):
    mask = get_keras_mask(tensor)
    return None if mask is None else mask.numpy().tolist()


# Padded integer sequences: zeros at the end, and one in the middle of row 3.
X = np.array([[(7 * r + 3 * t) % 49 + 1 if t < 2 + r % 5 else 0 for t in range(6)] for r in range(12)], 'int32')
X[3, 1] = 0
Y = (np.arange(12) % 3 == 0).astype('float32').reshape(-1, 1)
YSEQ = (np.sin(np.arange(72)).reshape(12, 6, 1) > 0).astype('float32')

# Float sequences: steps 3-4 of row 0 and step 1 of row 1 are all zeros (Masking skips them).
XF = np.sin(np.arange(30)).reshape(2, 5, 3).astype('float32')
XF[0, 3:] = 0.0
XF[1, 1] = 0.0
XF_MASK = [[True, True, True, False, False], [True, False, True, True, True]]


# ---- making masks ----------------------------------------------------------------------------
def test_embedding_mask_zero_marks_the_nonzero_indices():
    layer = L.Embedding(50, 3, mask_zero=True)
    out = layer(X)
    assert _mask(out) == (X != 0).tolist()
    assert layer.get_config()['mask_zero'] is True
    assert L.Embedding.from_config(layer.get_config()).mask_zero is True
    assert get_keras_mask(L.Embedding(50, 3)(X)) is None


def test_masking_zeroes_and_masks_the_padded_steps():
    x = XF + (XF == 0) * 0.0
    x[1, 3] = [0.5, 0.5, 0.5]
    layer = L.Masking(mask_value=0.5)
    out = layer(x)
    assert _mask(out) == [[True] * 5, [True, True, True, False, True]]
    assert np.all(out.numpy()[1, 3] == 0) and np.array_equal(out.numpy()[0], x[0])
    assert _mask(L.Masking()(XF)) == XF_MASK
    assert L.Masking.from_config(layer.get_config()).mask_value == 0.5


def test_masking_rejects_a_mask_value_that_is_not_a_number():
    # TF 2.21: Keras 3 keeps it, and its call's keras.ops.not_equal refuses it (errors26 j11); tapeflow's words as a note
    layer = L.Masking(mask_value='pad')
    with pytest.raises(ValueError, match="dtype='string' is not a valid dtype for Keras type promotion.") as info:
        layer(np.ones((1, 2, 3), 'float32'))
    assert "Masking %r: mask_value must be a number, got 'pad' (of type str)" % layer.name in info.value.__notes__


# ---- recurrent layers: Keras 3.15 outputs on masked steps -------------------------------------
RNN_CASES = {
    # go_backwards: outputs in processing order; a masked step repeats the previous output (zeros first).
    'simple_back_seq': (lambda: L.SimpleRNN(2, return_sequences=True, go_backwards=True), [
        [[[0.0, 0.0], [0.0, 0.0], [-0.59979, -0.652055], [0.395972, 0.291319], [-0.532277, -0.725607]],
         [[0.404919, -0.19025], [-0.558726, -0.549599], [0.507187, 0.151717], [0.507187, 0.151717],
          [0.475467, -0.157255]]]], [XF_MASK]),
    'lstm_last': (lambda: L.LSTM(2), [[[0.187081, 0.109453], [-0.033144, 0.081278]]], [None]),
    'gru_seq': (lambda: L.GRU(2, return_sequences=True), [
        [[[-0.041534, -0.049378], [0.273757, 0.589523], [0.147325, 0.275753], [0.147325, 0.275753],
          [0.147325, 0.275753]],
         [[0.11898, 0.485868], [0.11898, 0.485868], [0.099688, 0.566982], [0.311537, 0.444186],
          [0.179873, 0.477929]]]], [XF_MASK]),
    'lstm_zero_seq': (lambda: L.LSTM(2, return_sequences=True, zero_output_for_mask=True), [
        [[[0.14501, 0.109682], [0.070482, 0.032342], [0.187081, 0.109453], [0.0, 0.0], [0.0, 0.0]],
         [[-0.040654, -0.034918], [0.0, 0.0], [-0.086684, -0.030134], [0.08564, 0.050147], [-0.033144, 0.081278]]]],
        [XF_MASK]),
    'bi_lstm_seq': (lambda: L.Bidirectional(L.LSTM(2, return_sequences=True), merge_mode='sum'), [
        [[[0.065157, -0.127185], [-0.006542, -0.014872], [0.107776, -0.141364], [0.0, 0.0], [0.0, 0.0]],
         [[-0.01131, -0.040234], [0.0, 0.0], [-0.107422, -0.105453], [-0.063727, -0.235253],
          [0.011653, 0.069851]]]], [XF_MASK]),
    'bi_gru_state': (lambda: L.Bidirectional(L.GRU(2, return_state=True)), [
        [[0.147325, 0.275753, -0.112344, -0.058949], [0.179873, 0.477929, -0.17587, -0.528492]],
        [[0.147325, 0.275753], [0.179873, 0.477929]], [[-0.112344, -0.058949], [-0.17587, -0.528492]]],
        [None, None, None]),
}


@pytest.mark.parametrize('case', sorted(RNN_CASES))
def test_recurrent_layers_on_a_masked_input_match_keras(case):
    make, expected, masks = RNN_CASES[case]
    layer = make()
    masked = L.Masking(0.0)(XF)
    layer(masked)
    _fill_cell(layer)
    out = layer(masked)
    outs = list(out) if isinstance(out, (list, tuple)) else [out]
    for got, want in zip(outs, expected):
        np.testing.assert_allclose(got.numpy(), want, atol=2e-6)
    assert [_mask(t) for t in outs] == masks


def test_a_masked_step_keeps_the_states_and_repeats_the_output():
    x = np.random.default_rng(0).normal(size=(3, 6, 2)).astype('float32')
    mask = np.array([[1, 1, 0, 1, 0, 0], [1, 1, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0]], bool)
    layer = L.LSTM(3, return_sequences=True, return_state=True)
    seq, h, c = layer(x, mask=mask)
    seq = seq.numpy()
    np.testing.assert_array_equal(seq[0, 2], seq[0, 1])             # masked: previous output
    np.testing.assert_array_equal(seq[0, 5], seq[0, 3])
    np.testing.assert_array_equal(h.numpy()[0], seq[0, 3])          # final state: the last kept step's
    assert np.all(seq[2] == 0) and np.all(h.numpy()[2] == 0) and np.all(c.numpy()[2] == 0)
    # Row 0 equals running the kept steps alone.
    alone = layer(x[:1, [0, 1, 3]])[0].numpy()
    np.testing.assert_allclose(seq[0, 3], alone[0, 2], atol=1e-6)


def test_an_rnn_given_initial_state_ignores_the_input_mask_as_keras_does():
    layer = L.SimpleRNN(2)
    masked = L.Masking()(XF)
    plain = layer(XF).numpy()
    assert not np.allclose(layer(masked).numpy()[0], plain[0])
    with_state = layer(masked, initial_state=[np.zeros((2, 2), 'float32')]).numpy()
    np.testing.assert_allclose(with_state, plain)


def test_rnn_mask_of_the_wrong_shape_names_the_layer():
    # TF 2.21 fails reading the missing fifth mask step (OutOfRangeError); the note names the layer
    with pytest.raises(tf.errors.OutOfRangeError, match=r"GRU 'g': the mask must have shape \(batch, steps\) = \(2, 5\)"):
        L.GRU(2, name='g')(XF, mask=np.ones((2, 4), bool))


# ---- pooling and layers without mask support ---------------------------------------------------
def test_global_average_pooling_1d_averages_the_kept_steps_only():
    out = L.GlobalAveragePooling1D()(L.Masking()(XF))
    keep = np.array(XF_MASK, 'float32')[:, :, None]
    np.testing.assert_allclose(out.numpy(), (XF * keep).sum(1) / keep.sum(1), rtol=1e-6)
    assert get_keras_mask(out) is None
    np.testing.assert_allclose(L.GlobalAveragePooling1D()(XF).numpy(), XF.mean(1), rtol=1e-6)


def test_a_layer_without_mask_support_warns_that_the_mask_stops():
    model = keras.Sequential([L.Embedding(50, 2, mask_zero=True), L.Flatten(), L.Dense(1)])
    with pytest.warns(UserWarning, match="Layer 'flatten.*' .*does not support masking"):
        out = model(X)
    assert get_keras_mask(out) is None


def test_pass_through_layers_carry_the_mask_in_a_model():
    model = keras.Sequential([L.Embedding(50, 4, mask_zero=True), L.Dropout(0.5), L.Dense(3),
                              L.Activation('relu'), L.LSTM(2, return_sequences=True)])
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        out = model(X, training=True)
    assert _mask(out) == (X != 0).tolist()


# ---- fit: histories of Keras 3.15 (SGD(0.5), batch_size 4, shuffle=False, 3 epochs) -------------
FIT_CASES = {
    'lstm': (lambda: [L.Embedding(50, 8, mask_zero=True), L.LSTM(16), L.Dense(1, activation='sigmoid')],
             'binary_crossentropy', 'accuracy', Y,
             {'loss': [0.646976, 0.642555, 0.638955], 'accuracy': [0.666667, 0.666667, 0.666667]},
             [0.356864, 0.336504, 0.342945]),
    'bigru': (lambda: [L.Embedding(50, 8, mask_zero=True), L.Bidirectional(L.GRU(6)), L.Dense(1, activation='sigmoid')],
              'binary_crossentropy', 'accuracy', Y,
              {'loss': [0.664478, 0.646382, 0.643467], 'accuracy': [0.666667, 0.666667, 0.666667]},
              [0.352077, 0.327689, 0.31709]),
    'gap': (lambda: [L.Embedding(50, 8, mask_zero=True), L.GlobalAveragePooling1D(), L.Dense(1, activation='sigmoid')],
            'binary_crossentropy', 'accuracy', Y,
            {'loss': [0.726466, 0.681111, 0.660576], 'accuracy': [0.333333, 0.666667, 0.666667]},
            [0.373522, 0.390828, 0.397991]),
    # The per-step mse and mae count only the unmasked steps (the output carries the mask).
    'seq': (lambda: [L.Embedding(50, 4, mask_zero=True), L.SimpleRNN(5, return_sequences=True), L.Dropout(0.0),
                     L.Dense(1)],
            'mse', 'mae', YSEQ,
            {'loss': [0.545156, 0.274025, 0.279431], 'mae': [0.551689, 0.487971, 0.484644]},
            [0.274015, 0.346346, 0.346346]),
}


def _fit(layers, loss, metric, y):
    model = keras.Sequential([keras.Input((6,), dtype='int32')] + layers)
    _fill(model)
    model.compile(optimizer=keras.optimizers.SGD(0.5), loss=loss, metrics=[metric])
    history = model.fit(X, y, epochs=3, batch_size=4, shuffle=False, verbose=0)
    return model, history.history


@pytest.mark.parametrize('case', sorted(FIT_CASES))
def test_fit_on_padded_sequences_matches_keras(case):
    make, loss, metric, y, expected, first_predictions = FIT_CASES[case]
    model, history = _fit(make(), loss, metric, y)
    assert sorted(history) == sorted(expected)
    for key, values in expected.items():
        np.testing.assert_allclose(history[key], values, atol=2e-6)
    np.testing.assert_allclose(np.ravel(model.predict(X[:3], verbose=0))[:3], first_predictions, atol=2e-6)


def test_without_the_mask_the_same_fit_differs():
    layers = [L.Embedding(50, 4, mask_zero=False), L.SimpleRNN(5, return_sequences=True), L.Dense(1)]
    _, history = _fit(layers, 'mse', 'mae', YSEQ)
    assert abs(history['loss'][0] - 0.545156) > 1e-3


def test_a_functional_model_carries_the_mask_to_its_output_and_loss():
    inputs = keras.Input((6,), dtype='int32')
    x = L.Embedding(50, 4, mask_zero=True)(inputs)
    x = L.SimpleRNN(5, return_sequences=True)(x)
    outputs = L.Dense(1)(L.Dropout(0.0)(x))
    model = keras.Model(inputs, outputs)
    _fill(model)
    out = model(X)
    assert _mask(out) == (X != 0).tolist()
    model.compile(optimizer=keras.optimizers.SGD(0.5), loss='mse', metrics=['mae'])
    history = model.fit(X, YSEQ, epochs=3, batch_size=4, shuffle=False, verbose=0).history
    np.testing.assert_allclose(history['loss'], FIT_CASES['seq'][4]['loss'], atol=2e-6)


def test_a_model_called_with_mask_uses_it():
    inputs = keras.Input((5, 3))
    model = keras.Model(inputs, L.SimpleRNN(2)(inputs))
    masked = model(XF, mask=np.array(XF_MASK)).numpy()
    np.testing.assert_allclose(masked, model.layers[-1](L.Masking()(XF)).numpy(), atol=1e-6)


def test_merge_and_lambda_layers_combine_masks_as_keras_does():
    # Keras 3.15 gives these masks for the same graph (checked by hand).
    ids = keras.Input((4,), dtype='int32')
    masked, plain = L.Embedding(10, 3, mask_zero=True)(ids), L.Embedding(10, 3)(ids)
    outputs = [L.Add()([masked, masked]), L.Add()([masked, plain]), L.Concatenate()([masked, plain]),
               L.Concatenate(axis=1)([masked, plain]), L.Lambda(lambda x: x * 2, mask=lambda x, m: m)(masked)]
    model = keras.Model(ids, outputs)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        results = model(np.array([[1, 2, 0, 0], [3, 0, 4, 0]]))
    kept = [[True, True, False, False], [True, False, True, False]]
    assert [_mask(t) for t in results] == [kept, None, [[True] * 4] * 2,
                                           [row + [True] * 4 for row in kept], kept]
    with pytest.warns(UserWarning, match="Layer 'lambda.*' .*does not support masking"):
        keras.Model(ids, L.Lambda(lambda x: x * 2)(masked))(np.array([[1, 0, 0, 0]]))
