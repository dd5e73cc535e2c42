"""ExportArchive.add_variable_collection under an endpoint's name replaces the endpoint, which write_out then
refuses in TF 2.21's words (probe /work/notes/progs/kerasio50/p14.py); tapeflow raised AttributeError "'list'
object has no attribute 'get_concrete_function'"."""
import pytest

import framework as tf
from framework import keras


def test_a_collection_named_as_an_endpoint_is_refused_at_write_out(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='d')], name='s')
    archive = keras.export.ExportArchive()
    archive.track(model)
    archive.add_endpoint('serve', model.call, input_signature=[tf.TensorSpec((None, 3), tf.float32)])
    archive.add_variable_collection('serve', model.weights)      # accepted, as by Keras 3
    with pytest.raises(ValueError) as caught:
        archive.write_out(str(tmp_path / 'e'), verbose=False)
    text = str(caught.value)
    # TF 2.21: "Expected a TensorFlow function for which to generate a signature, but got ListWrapper([<Variable
    # path=s/d/kernel, ...>, <Variable path=s/d/bias, ...>]). Only `tf.functions` with an input signature or
    # concrete functions can be used as a signature."
    assert text.startswith('Expected a TensorFlow function for which to generate a signature, but got '
                           'ListWrapper([<Variable path=s/d/kernel, shape=(3, 2), dtype=float32, value=[[')
    assert '<Variable path=s/d/bias, shape=(2,), dtype=float32, value=[0. 0.]>]). Only `tf.functions` with an ' \
        'input signature or concrete functions can be used as a signature.' in text
