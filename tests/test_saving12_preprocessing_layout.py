"""Saved-file layout of two preprocessing layers that hold others, as Keras 3.15 writes it.

Goldens: TF 2.21 / Keras 3.15 running /work/notes/progs/saving12/prep/tree.py (h5py's visititems
of save_weights' file; get_build_config of the inner layers). Keras walks an object's dir(), so
Pipeline's layers are filed under its public 'layers' property (tapeflow wrote '_pipeline_layers')
and RandomColorJitter's under its attributes random_brightness / random_contrast / ... (tapeflow
wrote a '_jitter_steps' list); Keras's symbolic run of Pipeline.call builds the inner layers on
batch None (tapeflow built them on the first real batch, so build_config said 4)."""
import h5py
import numpy as np

import framework as tf
from framework import keras

L = keras.layers


def _tree(path):
    out = []
    with h5py.File(path, 'r') as f:
        f.visititems(lambda name, obj: out.append(name))
    return out


def test_color_jitter_files_its_layers_under_keras_attribute_names(tmp_path):
    keras.backend.clear_session()
    jitter = L.RandomColorJitter(value_range=(0, 1), brightness_factor=0.1, contrast_factor=0.2, hue_factor=0.1,
                                 seed=1)
    model = keras.Sequential([keras.Input((8, 8, 3)), jitter])
    path = str(tmp_path / 'j.weights.h5')
    model.save_weights(path)
    assert _tree(path) == [
        'layers', 'layers/random_color_jitter', 'layers/random_color_jitter/random_brightness',
        'layers/random_color_jitter/random_brightness/vars', 'layers/random_color_jitter/random_contrast',
        'layers/random_color_jitter/random_contrast/vars', 'layers/random_color_jitter/random_hue',
        'layers/random_color_jitter/random_hue/vars', 'layers/random_color_jitter/vars', 'vars']
    assert jitter.random_saturation is None
    # the jitter still applies its steps (brightness, contrast, then hue) and loads its own file back
    x = np.linspace(0, 1, 2 * 8 * 8 * 3, dtype='float32').reshape(2, 8, 8, 3)
    assert not np.allclose(np.asarray(jitter(x, training=True)), x)
    model.load_weights(path)


def test_pipeline_files_its_layers_under_layers_and_builds_them_on_batch_none(tmp_path):
    keras.backend.clear_session()
    pipeline = L.Pipeline([L.RandomFlip(seed=1), L.Resizing(4, 4), L.Rescaling(0.5)])
    model = keras.Sequential([keras.Input((8, 8, 3)), pipeline])
    assert [layer.get_build_config() for layer in pipeline.layers] == [
        {'input_shape': (None, 8, 8, 3)}, {'input_shape': (None, 8, 8, 3)}, {'input_shape': (None, 4, 4, 3)}]
    path = str(tmp_path / 'p.weights.h5')
    model.save_weights(path)
    assert _tree(path) == [
        'layers', 'layers/pipeline', 'layers/pipeline/layers', 'layers/pipeline/layers/random_flip',
        'layers/pipeline/layers/random_flip/vars', 'layers/pipeline/layers/rescaling',
        'layers/pipeline/layers/rescaling/vars', 'layers/pipeline/layers/resizing',
        'layers/pipeline/layers/resizing/vars', 'layers/pipeline/vars', 'vars']
    keras_path = str(tmp_path / 'p.keras')
    model.save(keras_path)
    loaded = keras.models.load_model(keras_path)
    x = np.linspace(0, 1, 2 * 8 * 8 * 3, dtype='float32').reshape(2, 8, 8, 3)
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    tf.random.set_seed(None)
