"""A failed load into a functional model warns Keras 3.15's "Skipping nested container" first.

Keras's loader retries a functional model's ``_operations_by_depth`` lists, which no file holds,
when a layer in them failed to load; it warns each such list's path, then raises (or, with
skip_mismatch, warns) "A total of N objects could not be loaded". Paths and counts below are
TF 2.21 / Keras 3.15's (notes progs/tutorials23/nest2.py, nest3.py; 'always' warning filter).
"""
import warnings

import pytest

from framework import keras

TEXT = ("Skipping nested container at '%s': no matching group found in the saved file. This usually means "
        "the file was saved with a Keras version that did not serialize sublayers nested inside containers. "
        "Affected layers will retain their freshly-initialized weights.")


def _two_dense(units, name):
    inputs = keras.Input((4,))
    x = keras.layers.Dense(units, name='a')(inputs)
    return keras.Model(inputs, keras.layers.Dense(2, name='b')(x), name=name)


def _skipped(model, path, **kwargs):
    """(the paths warned, the first line of the error or None, every warning's text)."""
    error = None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        try:
            model.load_weights(path, **kwargs)
        except ValueError as err:
            error = str(err).splitlines()[0]
    texts = [str(w.message) for w in caught]
    paths = [t.split("'")[1] for t in texts if t.startswith('Skipping nested container')]
    return paths, error, texts


@pytest.fixture
def file_of(tmp_path):
    def save(model, name='w'):
        path = str(tmp_path / ('%s.weights.h5' % name))
        model.save_weights(path)
        return path
    return save


def test_functional_model_warns_each_depth_list_holding_a_failed_layer(file_of):
    path = file_of(_two_dense(3, 'm1'))
    paths, error, texts = _skipped(_two_dense(5, 'm2'), path)
    assert paths == ['_operations_by_depth/container', '_operations_by_depth/container_1']
    assert texts[0] == TEXT % '_operations_by_depth/container'
    assert error == 'A total of 2 objects could not be loaded. Example error message for object <Dense name=a, built=True>:'


def test_skip_mismatch_warns_the_lists_before_its_own_warning(file_of):
    path = file_of(_two_dense(3, 'm1'))
    paths, error, texts = _skipped(_two_dense(5, 'm2'), path, skip_mismatch=True)
    assert error is None and paths == ['_operations_by_depth/container', '_operations_by_depth/container_1']
    assert texts[-1].startswith('A total of 2 objects could not be loaded.')


def test_sequential_model_has_no_depth_lists(file_of):
    path = file_of(_two_dense(3, 'm1'))
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, name='a'), keras.layers.Dense(2, name='b')])
    paths, error, _ = _skipped(model, path)
    assert paths == [] and error.startswith('A total of 2 objects could not be loaded.')


def test_nested_functional_warns_its_lists_twice_and_the_outer_list_not_at_all(file_of):
    def outer(units):
        inputs = keras.Input((4,), name='gi')
        x = _two_dense(units, 'inner')(inputs)
        return keras.Model(inputs, keras.layers.Dense(1, name='c')(x), name='outer')
    paths, error, _ = _skipped(outer(5), file_of(outer(3)))
    inner = ['layers/functional/_operations_by_depth/container', 'layers/functional/_operations_by_depth/container_1']
    assert paths == inner + inner
    assert error.startswith('A total of 2 objects could not be loaded.')


def test_branches_put_failed_layers_in_keras_depth_order(file_of):
    def branchy(units):
        inputs = keras.Input((4,), name='hi')
        a = keras.layers.Dense(units, name='a')(inputs)
        b = keras.layers.Dense(3, name='b')(inputs)
        c = keras.layers.Dense(3, name='c')(a)
        return keras.Model(inputs, keras.layers.Add(name='add')([b, c]), name='br')
    paths, error, _ = _skipped(branchy(5), file_of(branchy(3)))
    assert paths == ['_operations_by_depth/container_1', '_operations_by_depth/container_2']
    assert error.startswith('A total of 2 objects could not be loaded.')


def test_a_layer_missing_from_the_file_warns_its_list(file_of):
    path = file_of(_two_dense(3, 'm1'))
    inputs = keras.Input((4,))
    x = keras.layers.Dense(2, name='b')(keras.layers.Dense(3, name='a')(inputs))
    paths, error, _ = _skipped(keras.Model(inputs, keras.layers.Dense(1, name='z')(x)), path)
    assert paths == ['_operations_by_depth/container']
    assert error.startswith('A total of 1 objects could not be loaded.')


def test_guide_pretrained_functional_inside_a_sequential(file_of):
    # serialization_and_saving: a head-less functional model's weights loaded into Sequential([it, Dense])
    inputs = keras.Input(shape=(784,), name='digits')
    x = keras.layers.Dense(64, activation='relu', name='dense_1')(inputs)
    x = keras.layers.Dense(64, activation='relu', name='dense_2')(x)
    full = keras.Model(inputs, keras.layers.Dense(10, name='predictions')(x), name='3_layer_mlp')
    pretrained = keras.Model(full.inputs, full.layers[-1].input, name='pretrained_model')
    path = file_of(pretrained)
    model = keras.Sequential([pretrained, keras.layers.Dense(5, name='predictions')])
    paths, error, _ = _skipped(model, path)
    inner = ['layers/functional/_operations_by_depth/container', 'layers/functional/_operations_by_depth/container_1']
    assert paths == inner + inner
    assert error == ('A total of 3 objects could not be loaded. Example error message for object '
                     '<Dense name=dense_1, built=True>:')
    assert _skipped(model, file_of(model, 'whole'))[:2] == ([], None)     # a load that fits warns nothing
    assert _skipped(full, path)[0] == ['_operations_by_depth/container']
