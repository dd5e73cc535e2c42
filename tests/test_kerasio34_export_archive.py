"""keras.export.ExportArchive (Keras 3.15): a SavedModel with chosen endpoints. tapeflow had no
keras.export ("module 'keras' has no attribute 'export'"). Values printed by TF 2.21 / Keras 3.15
running the same code (/work/notes/progs/kerasio34/s15b_export_archive.py); the endpoints of its
docstring are lambdas, which tf.saved_model.save now stores by value.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

_PREDICTED = [[-0.668749988079071], [-0.5880299806594849], [-0.3355900049209595], [-0.4938899874687195]]


def _model_and_data():
    keras.utils.set_random_seed(15)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation='relu'), keras.layers.Dropout(0.5),
                              keras.layers.Dense(1)])
    return model, np.random.rand(4, 3).astype('float32')


def _rounded(t):
    return np.round(np.asarray(t), 5).tolist()


def test_lambda_endpoints_round_trip(tmp_path, capsys):
    model, x = _model_and_data()
    archive = keras.export.ExportArchive()
    archive.track(model)
    assert (len(archive.variables), len(archive.trainable_variables), len(archive.non_trainable_variables)) == (
        5, 4, 1)
    made = archive.add_endpoint(name='call_inference', fn=lambda x: model(x, training=False),
                                input_signature=[keras.InputSpec(shape=(None, 3), dtype='float32')])
    assert type(made).__name__ == 'Function'
    archive.add_endpoint(name='call_training', fn=lambda x: model(x, training=True),
                         input_signature=[tf.TensorSpec(shape=(None, 3), dtype=tf.float32, name='feats')])
    archive.add_variable_collection('opt_vars', model.trainable_variables)
    archive.write_out(str(tmp_path / 'arch'))
    printed = capsys.readouterr().out
    assert printed.startswith("Saved artifact at '%s'. The following endpoints are available:\n\n"
                              "* Endpoint 'call_inference'\n"
                              "  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)\n"
                              "Output Type:\n  TensorSpec(shape=(None, 1), dtype=tf.float32, name=None)\nCaptures:\n"
                              % (tmp_path / 'arch'))
    assert "* Endpoint 'call_training'\n  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(None, 3), " \
           "dtype=tf.float32, name='feats')\n" in printed
    loaded = tf.saved_model.load(str(tmp_path / 'arch'))
    assert sorted(loaded.signatures.keys()) == ['call_inference', 'call_training', 'serving_default']
    assert _rounded(loaded.call_inference(x)) == _PREDICTED
    assert loaded.call_training(x).shape == (4, 1)
    assert (len(loaded.opt_vars), [tuple(v.shape) for v in loaded.opt_vars]) == (4, [(3, 2), (2,), (2, 1), (1,)])
    assert (len(loaded.variables), len(loaded.trainable_variables)) == (5, 4)
    assert [repr(loaded.signatures[k].structured_input_signature) for k in sorted(loaded.signatures)] == [
        "((), {'x': TensorSpec(shape=(None, 3), dtype=tf.float32, name='x')})",
        "((), {'feats': TensorSpec(shape=(None, 3), dtype=tf.float32, name='feats')})",
        "((), {'x': TensorSpec(shape=(None, 3), dtype=tf.float32, name='x')})"]
    assert _rounded(loaded.signatures['serving_default'](x=tf.constant(x))['output_0']) == _PREDICTED


def test_model_and_call_endpoints(tmp_path):
    model, x = _model_and_data()
    archive = keras.export.ExportArchive()
    archive.track_and_add_endpoint('serve', model, [keras.InputSpec(shape=(None, 3), dtype='float32')])
    archive.write_out(str(tmp_path / 'a2'), verbose=False)
    assert _rounded(tf.saved_model.load(str(tmp_path / 'a2')).serve(x)) == _PREDICTED
    archive = keras.export.ExportArchive()
    archive.track(model)
    archive.add_endpoint('serve', model.call, input_signature=[keras.InputSpec(shape=(None, 3), dtype='float32')])
    archive.write_out(str(tmp_path / 'a3'), verbose=False)
    loaded = tf.saved_model.load(str(tmp_path / 'a3'))
    assert repr(loaded.signatures['serve'].structured_input_signature) == (
        "((), {'inputs': TensorSpec(shape=(None, 3), dtype=tf.float32, name='inputs')})")
    assert _rounded(loaded.serve(x)) == _PREDICTED


def test_traced_tf_function_endpoint(tmp_path):
    model, x = _model_and_data()

    @tf.function
    def served(x):
        return model(x) * 2.0
    served(tf.ones((2, 3)))
    archive = keras.export.ExportArchive()
    archive.track(model)
    archive.add_endpoint('double', served)
    archive.write_out(str(tmp_path / 'a5'), verbose=False)
    loaded = tf.saved_model.load(str(tmp_path / 'a5'))
    assert sorted(loaded.signatures) == ['double', 'serving_default']
    assert repr(loaded.signatures['double'].structured_input_signature) == (
        "((), {'x': TensorSpec(shape=(2, 3), dtype=tf.float32, name='x')})")
    assert _rounded(loaded.double(tf.constant(x[:2]))) == [[-1.337499976158142], [-1.1760499477386475]]


def test_saving_runs_no_training_step(tmp_path):
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((2,)), keras.layers.BatchNormalization()])
    archive = keras.export.ExportArchive()
    archive.track(model)
    archive.add_endpoint('train', lambda x: model(x, training=True),
                         input_signature=[tf.TensorSpec((None, 2), tf.float32)])
    archive.write_out(str(tmp_path / 'bn'), verbose=False)
    bn = model.layers[0]        # TF traces without running: the statistics stay as built
    assert (bn.moving_mean.numpy().tolist(), bn.moving_variance.numpy().tolist()) == ([0.0, 0.0], [1.0, 1.0])


@pytest.mark.parametrize('call, words', [
    (lambda m: keras.export.ExportArchive().write_out('never'), 'No endpoints have been set yet. Call add_endpoint().'),
    (lambda m: keras.export.ExportArchive().add_endpoint('serve', lambda x: m(x)),
     'If the `fn` argument provided is not a `tf.function`, you must provide an `input_signature` argument to '
     "specify the shape and dtype of the function arguments. Example:\n\nexport_archive.add_endpoint(\n"
     "    name='call',\n"),
    (lambda m: keras.export.ExportArchive().track(keras.layers.Dense(2)),
     'The layer provided has not yet been built. It must be built before export.'),
    (lambda m: keras.export.ExportArchive().track(3),
     "Invalid resource type. Expected a Keras `Layer` or `Model` or a TensorFlow `Trackable` object. Received "
     "object 3 of type '<class 'int'>'. "),
    (lambda m: keras.export.ExportArchive().add_variable_collection('v', m.trainable_variables[0]),
     "Expected `variables` to be a list/tuple/set. Received instead object of type "
     "'<class 'keras.src.backend.Variable'>'."),
    (lambda m: keras.export.ExportArchive().add_variable_collection('v', [1.0]),
     "Expected all elements in `variables` to be `tf.Variable` instances. Found instead the following types: "
     "[<class 'float'>]"),
    (lambda m: keras.export.ExportArchive(format='onnx'), 'Unsupported format: onnx'),
    (lambda m: keras.export.ExportArchive().track_and_add_endpoint('s', m, [keras.InputSpec(shape=(None, 3))]),
     'The `shape` and `dtype` must be provided. Received: x=InputSpec(shape=(None, 3), ndim=2)'),
])
def test_refusals_in_keras_words(call, words):
    model, _ = _model_and_data()
    with pytest.raises(ValueError) as info:
        call(model)
    assert str(info.value).startswith(words)


def test_repeated_endpoint_name():
    model, _ = _model_and_data()
    archive = keras.export.ExportArchive()
    archive.add_endpoint('serve', model.call, input_signature=[keras.InputSpec(shape=(None, 3), dtype='float32')])
    with pytest.raises(ValueError, match="^Endpoint name 'serve' is already taken.$"):
        archive.add_endpoint('serve', model.call, input_signature=[keras.InputSpec(shape=(None, 3), dtype='float32')])
