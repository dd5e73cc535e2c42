"""'shared_object_id' in a .keras file's config.json for objects serialized more than once.

Keras 3 saves a model's config inside an object-sharing scope: an object serialized again (one
regularizer instance given to several layers, as Hands-On ML's partial(Dense, kernel_regularizer=
l2(0.01)); an initializer, a constraint, a custom activation function; a loss given as loss and
metric; a model nested in two places) is marked with 'shared_object_id' there, and its first config
too while that is still the dict that reaches the file (same layer, the compile config, the model
the layer list is being made for). tapeflow marked dtype policies and RNN cells' objects only.
to_json and .h5 files carry no marks.

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio30/p10_test_marks.py; p10b_raw_marks.py
finds the whole config.json equal byte for byte, ids aside).
"""
import json
import zipfile
from functools import partial

import pytest

from framework import keras


def _marks(tmp_path, model, **compile_arguments):
    """The config paths marked with 'shared_object_id' (dtype policies aside), ids numbered in order."""
    if compile_arguments:
        model.compile(**compile_arguments)
    model.save(tmp_path / 'm.keras')
    config = json.loads(zipfile.ZipFile(tmp_path / 'm.keras').read('config.json'))
    numbers, out = {}, []

    def walk(node, path):
        if isinstance(node, dict):
            if 'shared_object_id' in node and node.get('class_name') != 'DTypePolicy':
                out.append('%s=%d' % (path, numbers.setdefault(node['shared_object_id'], len(numbers))))
            for key, value in node.items():
                walk(value, path if key == 'config' else path + '/' + key)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                inner = value.get('config') if isinstance(value, dict) else None
                walk(value, '%s[%s]' % (path, (inner.get('name') if isinstance(inner, dict) else None) or i))

    walk(config, '')
    return out


def my_act(x):
    return keras.ops.relu(x)


def my_loss(y, p):
    return keras.ops.mean(keras.ops.abs(y - p))


def test_regularizer_shared_by_layers(tmp_path):
    reg = keras.regularizers.l2(0.01)
    regularized = partial(keras.layers.Dense, activation='relu', kernel_initializer='he_normal', kernel_regularizer=reg)
    model = keras.Sequential([keras.Input((3,)), regularized(4, name='a'), regularized(4, name='b'),
                              keras.layers.Dense(1, kernel_regularizer=reg, name='c')])
    assert _marks(tmp_path, model) == ['/layers[b]/kernel_regularizer=0', '/layers[c]/kernel_regularizer=0']


def test_object_given_twice_to_one_layer_is_marked_everywhere(tmp_path):
    l1 = keras.regularizers.L1(0.1)
    model = keras.Sequential([
        keras.Input((3,)), keras.layers.Dense(2, kernel_regularizer=l1, bias_regularizer=l1, activity_regularizer=l1, name='a'),
        keras.layers.Dense(2, bias_regularizer=l1, name='b')])
    assert _marks(tmp_path, model) == ['/layers[a]/activity_regularizer=0', '/layers[a]/kernel_regularizer=0',
                                       '/layers[a]/bias_regularizer=0', '/layers[b]/bias_regularizer=0']


def test_initializer_constraint_and_custom_activation(tmp_path):
    init = keras.initializers.HeNormal(seed=1)
    model = keras.Sequential([keras.Input((4, 4, 1)), keras.layers.Conv2D(2, 2, kernel_initializer=init, name='conv'),
                              keras.layers.Flatten(name='f'),
                              keras.layers.Dense(2, kernel_initializer=init, bias_initializer=init, name='d')])
    assert _marks(tmp_path, model) == ['/layers[d]/kernel_initializer=0', '/layers[d]/bias_initializer=0']
    con = keras.constraints.MaxNorm(2.0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation=my_act, kernel_constraint=con, name='a'),
                              keras.layers.Dense(2, activation=my_act, kernel_constraint=con, name='b'),
                              keras.layers.Dense(2, activation=keras.activations.relu, name='c')])
    assert _marks(tmp_path, model) == ['/layers[b]/activation=0', '/layers[b]/kernel_constraint=1']


@pytest.mark.parametrize('arguments, expected', [
    (dict(loss=my_loss, metrics=[my_loss, 'mae']), ['/compile_config/loss=0', '/compile_config/metrics[0]=0']),
    ('huber', ['/compile_config/loss=0', '/compile_config/metrics[huber_loss]=0',
               '/compile_config/weighted_metrics[huber_loss]=0']),
], ids=['function', 'loss_object'])
def test_compile_arguments(tmp_path, arguments, expected):
    if arguments == 'huber':
        huber = keras.losses.Huber()
        arguments = dict(loss=huber, metrics=[huber], weighted_metrics=[huber])
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, name='a')])
    assert _marks(tmp_path, model, optimizer='adam', **arguments) == expected


def test_activation_that_is_the_loss_too(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation=my_loss, name='a')])
    assert _marks(tmp_path, model, optimizer='adam', loss=my_loss) == ['/compile_config/loss=0']


def test_nested_model_and_rnn(tmp_path):
    reg = keras.regularizers.l2(0.01)
    inner = keras.Sequential([keras.layers.Dense(2, kernel_regularizer=reg, name='i1'),
                              keras.layers.Dense(2, kernel_regularizer=reg, name='i2')], name='inner')
    x = keras.Input((3,), name='x')
    hidden = keras.layers.Dense(3, kernel_regularizer=reg, name='h')(x)
    model = keras.Model(x, keras.layers.Dense(1, kernel_regularizer=reg, name='o')(inner(hidden)), name='outer')
    assert _marks(tmp_path, model) == ['/layers[inner]/layers[i1]/kernel_regularizer=0',
                                       '/layers[inner]/layers[i2]/kernel_regularizer=0', '/layers[o]/kernel_regularizer=0']
    model = keras.Sequential([keras.Input((4, 3)),
                              keras.layers.Conv1D(2, 2, kernel_regularizer=reg, bias_regularizer=reg, name='conv'),
                              keras.layers.GRU(2, kernel_regularizer=reg, name='gru')])
    # the GRU's own objects are marked as its cell's; its regularizer with the Conv1D's id
    assert _marks(tmp_path, model) == [
        '/layers[conv]/kernel_regularizer=0', '/layers[conv]/bias_regularizer=0', '/layers[gru]/kernel_initializer=1',
        '/layers[gru]/recurrent_initializer=2', '/layers[gru]/bias_initializer=3', '/layers[gru]/kernel_regularizer=0']


def test_model_nested_in_two_places(tmp_path):
    x = keras.Input((4,), name='x')
    sub = keras.Model(x, keras.layers.Dense(3, name='d_in')(x), name='sub')
    seq = keras.Sequential([keras.Input((4,)), sub, keras.layers.Dense(1, name='d_out')], name='seq')
    x2 = keras.Input((4,), name='x2')
    model = keras.Model(x2, seq(x2) + sub(x2)[:, :1], name='top')
    assert _marks(tmp_path, model) == [
        '/layers[sub]=0', '/layers[seq]/layers[sub]=0', '/layers[seq]/layers[sub]/layers[x]=1',
        '/layers[seq]/layers[sub]/layers[d_in]=2', '/layers[seq]/layers[sub]/layers[d_in]/kernel_initializer=3',
        '/layers[seq]/layers[sub]/layers[d_in]/bias_initializer=4']


def test_json_and_h5_carry_no_marks(tmp_path):
    reg = keras.regularizers.l2(0.01)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, kernel_regularizer=reg, name='a'),
                              keras.layers.Dense(4, kernel_regularizer=reg, name='b')])
    model.save(tmp_path / 'm.h5')
    assert 'shared_object_id' not in model.to_json()
    assert b'shared_object_id' not in (tmp_path / 'm.h5').read_bytes()


def test_loaded_model_keeps_its_shared_compile_objects(tmp_path):
    # Keras 3 loads the entries of one 'shared_object_id' as one object: re-saved, the marks come back
    # (TF 2.21: /work/notes/progs/kerasio30/p14_resave_marks.py; tapeflow loaded two Huber losses)
    huber = keras.losses.Huber()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation=my_act, name='a'),
                              keras.layers.Dense(1, activation=my_act, name='b')])
    model.compile('adam', loss=huber, metrics=[huber])
    expected = ['/layers[b]/activation=0', '/compile_config/loss=1', '/compile_config/metrics[huber_loss]=1']
    assert _marks(tmp_path, model) == expected
    loaded = keras.models.load_model(tmp_path / 'm.keras', custom_objects={'my_act': my_act})
    assert _marks(tmp_path, loaded) == expected
