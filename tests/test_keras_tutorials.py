"""Keras tutorial programs ported by changing only their imports: what they print and record.

Each test pins a behaviour in which tapeflow differed from Keras 3.15 (TensorFlow 2.21)
when the tutorial programs kept under the project's notes were run on both. Expected
literals come from running the same code on Keras 3.15; each says how.
"""
import re

import numpy as np
import pytest

import framework as tf
from framework import keras

ANSI_BAR_DONE = '\x1b[1m2/2\x1b[0m \x1b[32m' + '━' * 20 + '\x1b[0m\x1b[37m\x1b[0m \x1b[1m0s\x1b[0m '


def _tiny_model(units=1, inputs=3):
    model = keras.Sequential([keras.Input((inputs,)), keras.layers.Dense(units, kernel_initializer='ones')])
    model.compile(optimizer='sgd', loss='mse', metrics=['mae'])
    return model


def test_verbose_auto_draws_keras_progress_bar_off_a_terminal(capsys):
    # Keras 3's Progbar redraws in place ('\r', ANSI bold/green/grey) on any POSIX system, even
    # when stdout is a pipe (its _dynamic_display tests "posix" in sys.modules); 'auto' is 1.
    # Keras 3.15, same fit, stdout to a file: 'Epoch 1/2\n\r<bar 1/2>...\r<bar 2/2> ... - loss: ...\n'.
    model = _tiny_model()
    x, y = np.ones((4, 3), 'float32'), np.zeros((4, 1), 'float32')
    history = model.fit(x, y, batch_size=2, epochs=2, shuffle=False)
    out = capsys.readouterr().out
    assert out.startswith('Epoch 1/2\n\r\x1b[1m1/2\x1b[0m \x1b[32m' + '━' * 10 + '\x1b[0m\x1b[37m' + '━' * 10)
    finals = [line.split('\r')[-1] for line in out.split('\n') if ANSI_BAR_DONE in line]
    assert len(finals) == 2
    # the time per step varies; the logs are the epoch's, sorted, 4 decimals (blanks pad the line
    # when it is shorter than the one it overwrites: a slow first step printed a longer time)
    assert re.fullmatch(re.escape(ANSI_BAR_DONE) + r'\d+(s|ms|us)/step - loss: \d+\.\d{4} - mae: \d+\.\d{4}',
                        finals[0].replace('\b', '').rstrip(' '))
    # History.params keeps the argument as given (Keras 3: {'verbose': 'auto', 'epochs': 2, 'steps': 2})
    assert history.params == {'verbose': 'auto', 'epochs': 2, 'steps': 2}


def test_verbose_two_line_and_predict_bar(capsys):
    model = _tiny_model()
    x, y = np.ones((4, 3), 'float32'), np.zeros((4, 1), 'float32')
    model.evaluate(x, y, batch_size=2, verbose=2)
    # Keras 3.15: '2/2 - 0s - 1ms/step - loss: 9.0000 - mae: 3.0000\n'
    assert re.fullmatch(r'2/2 - 0s - \d+(ms|us)/step - loss: 9\.0000 - mae: 3\.0000\n', capsys.readouterr().out)
    model.predict(x, batch_size=2)
    out = capsys.readouterr().out
    # Keras 3.15: first step drawn, then the final bar ending in a newline, no logs (blanks pad
    # the line when it is shorter than the one it overwrites)
    assert out.startswith('\r\x1b[1m1/2\x1b[0m') and out.endswith('\n') and out[:-1].rstrip(' ').endswith('/step')
    assert ANSI_BAR_DONE in out


def test_verbose_two_writes_negative_values_in_scientific_notation(capsys):
    # Keras 3.15's verbose=2 line tests `avg > 1e-3` (not abs): a loss of -2 prints '-2.0000e+00'.
    model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1, kernel_initializer='ones',
                                                                    use_bias=False)])
    model.compile(optimizer='sgd', loss=lambda y, p: -tf.reduce_mean(p))
    model.evaluate(np.full((2, 1), 2.0, 'float32'), np.zeros((2, 1), 'float32'), verbose=2)
    assert capsys.readouterr().out.endswith(' - loss: -2.0000e+00\n')


def test_normalization_mean_and_variance_attributes():
    # Keras 3.15: after adapt, layer.mean / layer.variance are tensors in the broadcast shape (1, 2)
    layer = keras.layers.Normalization(axis=-1)
    layer.adapt(np.array([[1.0, 2.0], [3.0, 6.0]], 'float32'))
    np.testing.assert_allclose(layer.mean.numpy(), [[2.0, 4.0]])
    np.testing.assert_allclose(layer.variance.numpy(), [[1.0, 4.0]])
    # before it is built, TF 2.21 / Keras 3.15: mean is None (set in __init__), variance is missing
    assert keras.layers.Normalization().mean is None
    with pytest.raises(AttributeError, match="'Normalization' object has no attribute 'variance'"):
        keras.layers.Normalization().variance


def test_sequential_input_of_rank_one_less_gets_a_last_axis():
    # The regression tutorial's bmi_model.predict(x) with x of shape (10,) for input_shape=[1]:
    # Keras 3's Functional expands it to (10, 1). Here the kernel is 2, bias 0 -> 2 * x.
    model = keras.Sequential([keras.layers.Dense(1, input_shape=[1], kernel_initializer=keras.initializers.Constant(2.0))])
    out = model.predict(np.arange(3, dtype='float32'), verbose=0)
    np.testing.assert_allclose(out, [[0.0], [2.0], [4.0]])


def test_summary_shows_a_shared_layers_last_call(capsys):
    # Keras 3.15: a Normalization adapted, used in a Sequential first called on 10 samples, and then
    # listed by an unbuilt Sequential, shows (10, 3): the output of its last recorded call.
    norm = keras.layers.Normalization()
    norm.adapt(np.ones((50, 3), 'float32'))
    first = keras.Sequential([norm, keras.layers.Dense(1)])
    first.predict(np.ones((10, 3), 'float32'), verbose=0)
    keras.Sequential([norm, keras.layers.Dense(2)]).summary()
    lines = capsys.readouterr().out.splitlines()
    row = next(line for line in lines if line.startswith('│ normalization'))
    assert '│ (10, 3)    ' in row


def test_layer_weight_repr_is_keras_variable():
    # Keras 3.15: print(layer.kernel) ->
    # '<Variable path=sequential/dense/kernel, shape=(2, 1), dtype=float32, value=[[1.]\n [1.]]>'
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer='ones',
                                                                    name='dense')], name='sequential')
    assert repr(model.layers[0].kernel) == ('<Variable path=sequential/dense/kernel, shape=(2, 1), dtype=float32, '
                                            'value=[[1.]\n [1.]]>')


def test_reloaded_sequential_weights_have_keras_paths(tmp_path):
    # Keras 3.15 builds each layer from its build_config as it deserializes it, outside the model:
    # ['dense/kernel', 'dense/bias', 'dense_1/kernel', 'dense_1/bias'] after load_model.
    model = keras.Sequential([keras.layers.Dense(3, name='dense'), keras.layers.Dense(2, name='dense_1')])
    model(np.zeros((2, 4), 'float32'))
    assert [w.path for w in model.weights][0] == model.name + '/dense/kernel'
    model.save(tmp_path / 'm.keras')
    loaded = keras.models.load_model(tmp_path / 'm.keras')
    assert [w.path for w in loaded.weights] == ['dense/kernel', 'dense/bias', 'dense_1/kernel', 'dense_1/bias']


# ---- the functional API guide: several outputs, loss and metric dicts ----------------------------
def _two_output_model():
    layers = keras.layers
    inp = keras.Input((3,), name='x')
    h = layers.Dense(2, kernel_initializer=keras.initializers.Constant(0.1), name='hidden')(inp)
    o1 = layers.Dense(1, kernel_initializer='ones', name='reg')(h)
    o2 = layers.Dense(3, kernel_initializer=keras.initializers.Constant(0.2), name='cls')(h)
    return keras.Model(inp, [o1, o2])


def _two_output_data():
    x = np.arange(30, dtype='float32').reshape(10, 3) / 30.0
    return x, x.sum(1, keepdims=True), (x[:, 0] * 30 % 3).astype('int64')


def test_loss_and_metric_dicts_log_per_output_keys_as_keras():
    # Keras 3.15, same model and data (batch 4: the last batch holds 2 samples):
    x, y1, y2 = _two_output_data()
    model = _two_output_model()
    model.compile(optimizer=keras.optimizers.SGD(0.1),
                  loss={'cls': keras.losses.SparseCategoricalCrossentropy(from_logits=True), 'reg': 'mse'},
                  loss_weights={'reg': 0.5, 'cls': 2.0}, metrics={'cls': ['accuracy'], 'reg': ['mae', 'mse']})
    history = model.fit(x, {'reg': y1, 'cls': y2}, batch_size=4, epochs=2, shuffle=False, verbose=0,
                        validation_data=(x[:6], [y1[:6], y2[:6]]))
    expected = {
        'cls_accuracy': [1.0, 1.0], 'cls_loss': [0.96069, 0.53154], 'loss': [2.471412, 1.245169],
        'reg_loss': [1.02829, 0.206404], 'reg_mae': [0.889356, 0.384779], 'reg_mse': [0.985028, 0.236342],
        'val_cls_accuracy': [1.0, 1.0], 'val_cls_loss': [0.666504, 0.389036], 'val_loss': [1.558322, 1.020894],
        'val_reg_loss': [0.360322, 0.382708], 'val_reg_mae': [0.624576, 0.642722],
        'val_reg_mse': [0.421995, 0.430916]}
    assert sorted(history.history) == sorted(expected)
    for key, values in expected.items():
        np.testing.assert_allclose(history.history[key], values, rtol=2e-5, err_msg=key)
    assert model.metrics_names == ['loss', 'compile_metrics', 'reg_loss', 'cls_loss']
    # evaluate lists loss, the per-output losses, then the other keys sorted
    np.testing.assert_allclose(model.evaluate(x, [y1, y2], batch_size=4, verbose=0),
                               [0.851265, 0.244428, 0.338244, 1.0, 0.486372, 0.286976], rtol=2e-5)


def test_loss_and_metric_lists_name_outputs_by_layer():
    x, y1, y2 = _two_output_data()
    model = _two_output_model()
    model.compile(optimizer=keras.optimizers.SGD(0.1),
                  loss=['mse', keras.losses.SparseCategoricalCrossentropy(from_logits=True)],
                  metrics=[['mae'], ['accuracy']])
    history = model.fit(x, [y1, y2], batch_size=5, epochs=1, shuffle=False, verbose=0)
    # Keras 3.15
    expected = {'cls_accuracy': 1.0, 'cls_loss': 1.06399, 'loss': 2.116389, 'reg_loss': 1.052399,
                'reg_mae': 0.908733}
    assert sorted(history.history) == sorted(expected)
    for key, value in expected.items():
        np.testing.assert_allclose(history.history[key], [value], rtol=2e-5, err_msg=key)


@pytest.mark.parametrize('run_eagerly, a_loss', [(False, [4.22356, 3.50198]), (True, [4.48239, 3.72944])])
def test_per_output_losses_average_batches_as_keras(run_eagerly, a_loss):
    # A dict-output model, 40 samples in batches of 32 and 8. Keras 3.15's traced step counts each
    # batch's per-output loss once (its static batch size is unknown); run_eagerly=True weighs it by
    # the batch size. The total loss is weighed by the batch size either way: [8.92273, 7.78337].
    layers = keras.layers
    xs = np.random.RandomState(5).random_sample((40, 5)).astype('float32')
    inp = keras.Input((5,), name='x')
    outputs = {'a': layers.Dense(1, name='da', kernel_initializer='ones')(inp),
               'b': layers.Dense(2, name='db', kernel_initializer='ones')(inp)}
    model = keras.Model(inp, outputs)
    model.compile(optimizer='sgd', loss={'a': 'mse', 'b': 'mse'}, metrics={'a': 'mae'}, run_eagerly=run_eagerly)
    history = model.fit(xs, {'a': xs[:, :1], 'b': xs[:, :2]}, epochs=2, verbose=0, shuffle=False)
    assert sorted(history.history) == ['a_loss', 'a_mae', 'b_loss', 'loss']
    np.testing.assert_allclose(history.history['a_loss'], a_loss, rtol=2e-5)
    np.testing.assert_allclose(history.history['loss'], [8.92273, 7.78337], rtol=2e-5)
    np.testing.assert_allclose(history.history['a_mae'], [2.03083, 1.84457], rtol=2e-5)


def test_softmax_cross_entropy_gradient_is_tensorflows_for_multi_hot_labels():
    # TensorFlow's fused op backpropagates softmax(logits) - labels even when a row of labels does not
    # sum to 1 (the functional API guide trains CategoricalCrossentropy on multi-hot targets).
    # Values from TensorFlow 2.21 (rounded to 5 places).
    labels = tf.constant([[1., 1, 0], [0, 0, 0], [0.2, 0.3, 0.1]])
    logits = tf.constant([[0.5, -1, 2], [1, 2, 3], [0.3, 0.2, -0.5]])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(logits)
        tape.watch(labels)
        loss = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
        total = tf.reduce_sum(loss * tf.constant([1., 2, 3]))
    np.testing.assert_allclose(loss.numpy(), [4.98262, 0.0, 0.62371], atol=1e-5)
    assert not np.signbit(loss.numpy()[1])        # 0.0, not -0.0
    np.testing.assert_allclose(tape.gradient(total, logits).numpy(),
                               [[-0.82471, -0.96089, 0.7856], [0.18006, 0.48946, 1.33048],
                                [0.67434, 0.25307, 0.2726]], atol=1e-5)
    np.testing.assert_allclose(tape.gradient(total, labels).numpy(),
                               [[1.74131, 3.24131, 0.24131], [4.81521, 2.81521, 0.81521],
                                [2.56856, 2.86856, 4.96856]], atol=1e-5)


def test_model_checkpoint_verbose_confirms_each_save(tmp_path, capsys):
    # Keras 3.15 prints both lines: '\nEpoch 1: saving model to P' and '\nEpoch 1: finished saving model to P'
    model = _tiny_model()
    path = str(tmp_path / 'cp.weights.h5')
    checkpoint = keras.callbacks.ModelCheckpoint(path, save_weights_only=True, verbose=1)
    model.fit(np.ones((2, 3), 'float32'), np.zeros((2, 1), 'float32'), epochs=1, verbose=0, callbacks=[checkpoint])
    assert capsys.readouterr().out == '\nEpoch 1: saving model to %s\n\nEpoch 1: finished saving model to %s\n' % (
        path, path)


def test_subclassed_model_summary(capsys):
    # Keras 3.15: a subclassed model lists its layers; a built Dense shows its output shape for the
    # shape it was built with, a user layer without compute_output_shape shows '?'.
    class Linear(keras.layers.Layer):
        def build(self, input_shape):
            self.w = self.add_weight(shape=(input_shape[-1], 1), initializer='ones')

        def call(self, inputs):
            return tf.matmul(inputs, self.w)

    class MyModel(keras.Model):
        def __init__(self):
            super().__init__(name='my_model')
            self.dense1 = keras.layers.Dense(8, name='dense_2')
            self.head = Linear(name='head')

        def call(self, inputs):
            return self.head(self.dense1(inputs))

    model = MyModel()
    model(np.ones((1, 32), 'float32'))
    model.summary()
    out = capsys.readouterr().out.splitlines()
    assert out[0] == 'Model: "my_model"'
    assert out[4] == '│ dense_2 (Dense)                 │ (1, 8)                 │           264 │'
    assert out[6] == '│ head (Linear)                   │ ?                      │             8 │'
    assert out[8] == ' Total params: 272 (1.06 KB)'


def test_sequential_naming_building_and_json_round_trip_follow_keras():
    # Keras 3.15 (after clear_session): an outer Sequential whose first layer is a built Sequential
    # builds at once and lists an InputLayer in its config; each Sequential build wraps a Functional,
    # which takes a 'functional' name, so the next keras.Model is 'functional_2'; model_from_json
    # rebuilds after each add, and the Model made after it is 'functional_6'.
    keras.backend.clear_session()
    base = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
    outer = keras.Sequential([base, keras.layers.Softmax()])
    config = outer.get_config()
    assert outer.built and [layer['class_name'] for layer in config['layers']] == ['InputLayer', 'Sequential',
                                                                                 'Softmax']
    assert tuple(config['build_input_shape']) == (None, 4)
    inp = keras.Input((2,))
    assert keras.Model(inp, keras.layers.Dense(1)(inp)).name == 'functional_2'
    restored = keras.models.model_from_json(outer.to_json())
    assert restored.name == 'sequential_1' and [layer.name for layer in restored.layers] == ['sequential', 'softmax']
    assert restored.built and restored.count_params() == 15
    inp = keras.Input((2,))
    assert keras.Model(inp, keras.layers.Dense(1)(inp)).name == 'functional_6'
    with pytest.raises(ValueError, match='model_from_json'):
        keras.models.model_from_json('not json')


def test_to_categorical_dtypes():
    # Keras 3.15: numpy in -> float64 numpy out; a tensor in -> a float32 tensor
    out = keras.utils.to_categorical([1, 0])
    assert isinstance(out, np.ndarray) and out.dtype == np.float64
    np.testing.assert_array_equal(out, [[0.0, 1.0], [1.0, 0.0]])
    tensor = keras.utils.to_categorical(tf.constant([1, 0]), 3)
    assert isinstance(tensor, tf.Tensor) and tensor.dtype == 'float32'
    np.testing.assert_array_equal(tensor.numpy(), [[0, 1, 0], [1, 0, 0]])


def test_batch_begin_hooks_get_an_empty_dict(capsys):
    # The callbacks guide prints list(logs.keys()) at the start of each batch: Keras passes {}.
    class Keys(keras.callbacks.Callback):
        def on_train_batch_begin(self, batch, logs=None):
            print('train', logs)

        def on_predict_batch_begin(self, batch, logs=None):
            print('predict', logs)

    model = _tiny_model()
    model.fit(np.ones((1, 3), 'float32'), np.ones((1, 1), 'float32'), verbose=0, callbacks=[Keys()])
    model.predict(np.ones((1, 3), 'float32'), verbose=0, callbacks=[Keys()])
    assert capsys.readouterr().out == 'train {}\npredict {}\n'


def test_optimizer_and_metric_variables_are_named_as_keras():
    # Keras 3.15: names are short, paths carry the owner; a plain tf.Variable's slots are named after
    # its name 'a:0' -> 'a_0_momentum' (it has no path); scalars print as Python numbers.
    v0, v1 = tf.Variable([1.0], name='a'), tf.Variable([2.0])
    optimizer = keras.optimizers.Adam(0.1, name='adam')
    optimizer.apply_gradients(zip([tf.constant([1.0]), tf.constant([1.0])], [v0, v1]))
    assert [v.name for v in optimizer.variables] == ['iteration', 'learning_rate', 'a_0_momentum', 'a_0_velocity',
                                                     'Variable_0_momentum', 'Variable_0_velocity']
    assert [v.path for v in optimizer.variables][:3] == ['adam/iteration', 'adam/learning_rate', 'adam/a_0_momentum']
    assert repr(optimizer.variables[1]) == ('<Variable path=adam/learning_rate, shape=(), dtype=float32, '
                                            'value=0.10000000149011612>')
    assert repr(optimizer.iterations) == '<Variable path=adam/iteration, shape=(), dtype=int64, value=1>'
    metric = keras.metrics.SparseCategoricalAccuracy()
    assert [v.name for v in metric.variables] == ['total', 'count']
    assert [v.path for v in metric.variables] == ['sparse_categorical_accuracy/total',
                                                  'sparse_categorical_accuracy/count']


def test_fit_overrides_a_training_flag_recorded_in_the_graph():
    # The transfer-learning guide calls base_model(x, training=False); Keras 3.15's Functional passes
    # its own training flag to every layer that takes one, so fit still updates BatchNorm's moving
    # statistics: batch mean [2, 3] at momentum 0.5 -> [1, 1.5]; predict then leaves them alone.
    base = keras.Sequential([keras.Input((2,)), keras.layers.BatchNormalization(momentum=0.5)])
    inp = keras.Input((2,))
    model = keras.Model(inp, keras.layers.Dense(1)(base(inp, training=False)))
    model.compile(optimizer='sgd', loss='mse')
    model.fit(np.array([[1.0, 2.0], [3.0, 4.0]], 'float32'), np.zeros((2, 1), 'float32'), verbose=0)
    np.testing.assert_allclose(base.layers[0].moving_mean.numpy(), [1.0, 1.5])
    np.testing.assert_allclose(base.layers[0].moving_variance.numpy(), [1.0, 1.0])
    model.predict(np.array([[1.0, 2.0]], 'float32'), verbose=0)
    np.testing.assert_allclose(base.layers[0].moving_mean.numpy(), [1.0, 1.5])


def test_functional_layer_called_with_tensors_in_keyword_arguments():
    # The seq2seq pattern: LSTM(...)(x, initial_state=[h, c]) inside a functional model. Running the
    # model must feed the encoder's states to the decoder (as calling the layers by hand does);
    # Keras 3.15 runs it the same way.
    layers = keras.layers
    encoder, decoder = layers.LSTM(4, return_state=True), layers.LSTM(4)
    inp = keras.Input((None, 3))
    _, h, c = encoder(inp)
    model = keras.Model(inp, decoder(inp, initial_state=[h, c]))
    xs = np.random.RandomState(0).random_sample((2, 5, 3)).astype('float32')
    _, h_value, c_value = encoder(xs)
    expected = decoder(xs, initial_state=[h_value, c_value]).numpy()
    np.testing.assert_allclose(model.predict(xs, verbose=0), expected, rtol=1e-6)
    assert not np.allclose(expected, decoder(xs).numpy())      # the states matter


def test_constant_initializer_broadcasts_an_array():
    # The imbalanced-data tutorial: bias_initializer=Constant(np.log([pos / neg])), a value of shape (1,).
    # Keras 3.15 computes cast(value) * ones(shape): kernel rows [1, 2], bias log(0.1) in float32.
    dense = keras.layers.Dense(2, kernel_initializer=keras.initializers.Constant([1.0, 2.0]),
                               bias_initializer=keras.initializers.Constant(np.log([0.1])))
    dense.build((None, 3))
    np.testing.assert_array_equal(dense.kernel.numpy(), [[1.0, 2.0]] * 3)
    np.testing.assert_array_equal(dense.bias.numpy(), np.float32([-2.3025851249694824] * 2))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Incompatible shapes: \[3\] vs\. \[3,2\] \[Op:Mul\]'):
        keras.initializers.Constant([1.0, 2.0, 3.0])((3, 2))


@pytest.mark.parametrize('kwargs, expected', [
    # Keras 3.15's keras.utils.pad_sequences on [[1, 2, 3], [4], [], [5, 6, 7, 8, 9]]
    ({}, [[0, 0, 1, 2, 3], [0, 0, 0, 0, 4], [0, 0, 0, 0, 0], [5, 6, 7, 8, 9]]),
    ({'maxlen': 3}, [[1, 2, 3], [0, 0, 4], [0, 0, 0], [7, 8, 9]]),
    ({'padding': 'post', 'truncating': 'post', 'maxlen': 4, 'value': -1},
     [[1, 2, 3, -1], [4, -1, -1, -1], [-1, -1, -1, -1], [5, 6, 7, 8]]),
])
def test_pad_sequences(kwargs, expected):
    out = keras.utils.pad_sequences([[1, 2, 3], [4], [], [5, 6, 7, 8, 9]], **kwargs)
    assert out.dtype == np.int32 and out.tolist() == expected
    assert keras.preprocessing.sequence.pad_sequences([[1], [2, 3]]).tolist() == [[0, 1], [2, 3]]


def test_pad_sequences_bad_input():
    with pytest.raises(ValueError, match='Padding type "mid" not understood'):
        keras.utils.pad_sequences([[1]], padding='mid')
    with pytest.raises(ValueError, match="`dtype` int32 is not compatible with `value`'s type"):
        keras.utils.pad_sequences([[1]], value='x')
    with pytest.raises(ValueError, match='Found non-iterable: 3'):
        keras.utils.pad_sequences([[1], 3])


# ---- TensorBoard: event files TensorFlow reads (checked with tf.data.TFRecordDataset and
# tf.compat.v1.Event in TensorFlow 2.21 while writing this) --------------------------------------
def _read_records(path):
    from framework.io.tfrecord import read_records       # checks both CRCs of every record
    return list(read_records(path))


def _fields(message):
    """{field number: [values]} of a protobuf message (varints, doubles, floats, byte strings)."""
    import struct
    out, i = {}, 0

    def varint():
        nonlocal i
        value = shift = 0
        while True:
            byte = message[i]
            i += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                return value
    while i < len(message):
        key = varint()
        number, wire = key >> 3, key & 7
        if wire == 0:
            value = varint()
        elif wire == 1:
            value, i = struct.unpack('<d', message[i:i + 8])[0], i + 8
        elif wire == 5:
            value, i = message[i:i + 4], i + 4
        else:
            length = varint()
            value, i = message[i:i + length], i + length
        out.setdefault(number, []).append(value)
    return out


def _scalars(directory):
    import glob
    import struct
    (path,) = glob.glob(str(directory / 'events.out.tfevents.*.v2'))
    records = _read_records(path)
    assert _fields(records[0])[3] == [b'brain.Event:2']
    rows = []
    for record in records[1:]:
        event = _fields(record)
        value = _fields(_fields(event[5][0])[1][0])
        tensor = _fields(value[8][0])
        assert _fields(value[9][0])[1] == [_fields(value[9][0])[1][0]] and _fields(value[9][0])[4] == [1]
        assert tensor[1] == [1]                                   # DT_FLOAT
        rows.append((value[1][0].decode(), event.get(2, [0])[0], round(struct.unpack('<f', tensor[5][0])[0], 5)))
    return sorted(rows)


def test_crc32c_check_value():
    from framework.io.tfrecord import crc32c
    assert crc32c(b'123456789') == 0xE3069283          # the CRC-32C check value


def test_tensorboard_writes_keras_scalar_names(tmp_path):
    model = _tiny_model(inputs=1)
    x = np.arange(8, dtype='float32').reshape(8, 1) / 8
    board = keras.callbacks.TensorBoard(log_dir=str(tmp_path), update_freq=2)
    history = model.fit(x, 2 * x, epochs=2, batch_size=2, validation_data=(x[:4], x[:4]), shuffle=False, verbose=0,
                        callbacks=[board])
    train, validation = _scalars(tmp_path / 'train'), _scalars(tmp_path / 'validation')
    loss = [round(v, 5) for v in np.float32(history.history['loss'])]
    assert [row for row in train if row[0] == 'epoch_loss'] == [('epoch_loss', 0, loss[0]), ('epoch_loss', 1, loss[1])]
    assert sorted({row[0] for row in train}) == ['batch_loss', 'batch_mae', 'epoch_learning_rate', 'epoch_loss',
                                                  'epoch_mae']
    assert [row[1] for row in train if row[0] == 'batch_loss'] == [2, 4, 6, 8]      # every 2nd of 8 batches
    assert sorted({row[0] for row in validation}) == ['epoch_loss', 'epoch_mae', 'evaluation_loss_vs_iterations',
                                                       'evaluation_mae_vs_iterations']
    assert [row[1] for row in validation if row[0] == 'evaluation_loss_vs_iterations'] == [4, 8]
    # Keras 3.15 checks no update_freq in the constructor (its first batch computes step % update_freq)
    assert keras.callbacks.TensorBoard(update_freq=0).update_freq == 0


def test_keras_utils_progbar(capsys):
    # Keras 3.15's Progbar: values averaged over the steps seen unless stateful; the final update
    # shows the last value; verbose=2 writes one line with the unit name.
    bar = keras.utils.Progbar(4, stateful_metrics=['acc'], interval=0)
    bar.update(1, [('loss', 1.0), ('acc', 0.1)])
    bar.update(3, [('loss', 4.0), ('acc', 0.3)])     # 2 steps at 4.0 -> (1 + 8) / 3
    out = capsys.readouterr().out.split('\r')[-1]
    assert out.replace('\b', '').rstrip().endswith('- loss: 3.0000 - acc: 0.3000')
    bar.update(4, [('loss', 2.0), ('acc', 0.4)])
    assert capsys.readouterr().out.split('\r')[-1].endswith('- loss: 2.0000 - acc: 0.4000\n')
    line = keras.utils.Progbar(3, verbose=2, unit_name='sample')
    line.add(1, [('l', 1.0)])
    line.add(2, [('l', 4.0)])
    assert re.fullmatch(r'3/3 - 0s - \d+(us|ms)/sample - l: 4\.0000\n', capsys.readouterr().out)
    with pytest.raises(ValueError, match='only one of `stateful_metrics` or `stateless_metrics`'):
        keras.utils.Progbar(3, stateful_metrics=['a'], stateless_metrics=['b'])
