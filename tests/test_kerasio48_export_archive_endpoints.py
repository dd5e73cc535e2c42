"""keras.export.ExportArchive.add_endpoint(name, fn) takes a tf.function with an input_signature that was
never called, as Keras 3 on TF 2.21 does (its _list_all_concrete_functions lists the signature's trace):
tapeflow raised "The provided tf.function '...' has never been called. ..." for it (probe
/work/notes/progs/kerasio48/p10.py). A tf.function without one, never called, is still refused."""
import io
from contextlib import redirect_stdout

import numpy as np
import pytest

import framework as tf
from framework import keras


def test_a_signed_function_never_called_is_an_endpoint(tmp_path):
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    archive = keras.export.ExportArchive()
    archive.track(model)

    @tf.function(input_signature=[tf.TensorSpec((None, 4), tf.float32)])
    def serve(x):
        return model(x, training=False)

    @tf.function
    def never(x):
        return model(x)

    archive.add_endpoint('serve', serve)
    with pytest.raises(ValueError, match="has never been called"):
        archive.add_endpoint('never', never)
    printed = io.StringIO()
    with redirect_stdout(printed):
        archive.write_out(str(tmp_path / 'exp'))
    # TF 2.21's endpoint block
    assert printed.getvalue().split('\n')[2:6] == [
        "* Endpoint 'serve'", '  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(None, 4), dtype=tf.float32, name=None)',
        'Output Type:', '  TensorSpec(shape=(None, 1), dtype=tf.float32, name=None)']
    loaded = tf.saved_model.load(str(tmp_path / 'exp'))
    assert sorted(loaded.signatures) == ['serve', 'serving_default']
    x = np.random.RandomState(0).rand(3, 4).astype('float32')
    np.testing.assert_allclose(loaded.serve(tf.constant(x)).numpy(), model(x).numpy(), rtol=1e-6)
    np.testing.assert_allclose(loaded.signatures['serving_default'](x=tf.constant(x))['output_0'].numpy(),
                               model(x).numpy(), rtol=1e-6)
