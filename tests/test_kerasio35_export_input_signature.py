"""``model.export(path, input_signature=[...])`` serves the model on the signature given, as Keras 3
does through ExportArchive.track_and_add_endpoint: its keywords are the specs' names ('ids'; an
unnamed one 'args_0'), the printout shows ``args_0 (POSITIONAL_ONLY)`` (a functional model's too) and
one capture per variable the inference call reads, and TF's binding errors name the wrapper
'signature_wrapper___call__'. tapeflow ignored input_signature (the keyword was 'keras_tensor').
Values printed by TF 2.21 running the same code (/work/notes/progs/kerasio35/u20_export_signature.py);
capture ids are object ids, so only their count is compared.
"""
import re

import numpy as np
import pytest

import framework as tf
from framework import keras

_CAPTURE = re.compile(r'^  \d+: TensorSpec\(shape=\(\), dtype=tf.resource, name=None\)$')


def _printout_and_ids(text):
    lines = text.rstrip('\n').split('\n')
    return [line for line in lines if not _CAPTURE.match(line)], sum(bool(_CAPTURE.match(line)) for line in lines)


@pytest.fixture
def embedder():
    keras.utils.set_random_seed(20)
    return keras.Sequential([keras.Input((6,), dtype='int32'), keras.layers.Embedding(30, 4), keras.layers.Flatten(),
                             keras.layers.Dense(1)])


def test_a_named_spec_names_the_served_keyword(tmp_path, capsys, embedder):
    embedder.export(str(tmp_path / 'e2'), input_signature=[tf.TensorSpec([None, 6], tf.int32, name='ids')])
    shown, captures = _printout_and_ids(capsys.readouterr().out)
    assert shown == [
        "Saved artifact at '%s'. The following endpoints are available:" % (tmp_path / 'e2'), '',
        "* Endpoint 'serve'",
        "  args_0 (POSITIONAL_ONLY): TensorSpec(shape=(None, 6), dtype=tf.int32, name='ids')",
        'Output Type:', '  TensorSpec(shape=(None, 1), dtype=tf.float32, name=None)', 'Captures:']
    assert captures == 3
    loaded = tf.saved_model.load(str(tmp_path / 'e2'))
    served = loaded.signatures['serving_default']
    assert sorted(loaded.signatures.keys()) == ['serve', 'serving_default']
    assert repr(served.structured_input_signature) == \
        "((), {'ids': TensorSpec(shape=(None, 6), dtype=tf.int32, name='ids')})"
    tokens = np.random.RandomState(0).randint(0, 30, (5, 6)).astype('int32')
    expected = embedder.predict(tokens, verbose=0)
    assert np.array_equal(served(ids=tf.constant(tokens))['output_0'].numpy(), expected)
    assert np.array_equal(loaded.serve(tokens).numpy(), expected)


def test_a_wrong_keyword_names_the_call_wrapper(tmp_path, embedder):
    embedder.export(str(tmp_path / 'e2'), input_signature=[tf.TensorSpec([None, 6], tf.int32, name='ids')],
                    verbose=False)
    served = tf.saved_model.load(str(tmp_path / 'e2')).signatures['serving_default']
    with pytest.raises(TypeError) as caught:
        served(x=tf.zeros((1, 6), tf.int32))
    assert str(caught.value).split('\n')[-1] == (
        'Fallback to flat signature also failed due to: signature_wrapper___call__(ids) missing required '
        'arguments: ids.')


def test_an_unnamed_input_spec_serves_args_0(tmp_path, embedder):
    embedder.export(str(tmp_path / 'e3'), input_signature=[keras.InputSpec(shape=(None, 6), dtype='int32')],
                    verbose=False)
    served = tf.saved_model.load(str(tmp_path / 'e3')).signatures['serving_default']
    assert repr(served.structured_input_signature) == \
        "((), {'args_0': TensorSpec(shape=(None, 6), dtype=tf.int32, name='args_0')})"


def test_a_functional_model_takes_its_inputs_as_args_0(tmp_path, capsys):
    keras.utils.set_random_seed(20)
    first, second = keras.Input((3,), name='a'), keras.Input((2,), name='b')
    model = keras.Model([first, second], keras.layers.Dense(1)(keras.layers.Concatenate()([first, second])))
    model.export(str(tmp_path / 'e4'), input_signature=[[tf.TensorSpec([None, 3], tf.float32, name='aa'),
                                                          tf.TensorSpec([None, 2], tf.float32, name='bb')]])
    shown, captures = _printout_and_ids(capsys.readouterr().out)
    assert shown[3] == ("  args_0 (POSITIONAL_ONLY): List[TensorSpec(shape=(None, 3), dtype=tf.float32, name='aa'), "
                        "TensorSpec(shape=(None, 2), dtype=tf.float32, name='bb')]")
    assert captures == 2
    loaded = tf.saved_model.load(str(tmp_path / 'e4'))
    # TF lists the two keywords in a per-process hash order: compared sorted
    inputs = loaded.signatures['serving_default'].structured_input_signature
    assert sorted(inputs[1]) == ['aa', 'bb'] and inputs[0] == ()
    a, b = np.ones((2, 3), 'float32'), np.ones((2, 2), 'float32')
    assert np.array_equal(loaded.serve([a, b]).numpy(), model.predict([a, b], verbose=0))
