"""keras.<family>.deserialize answers as Keras 3's deserialize_keras_object with a module table.

keras.losses / initializers / regularizers / constraints / activations / metrics / optimizers /
dtype_policies .deserialize hand back, as it is, a name their Keras module lacks (a dict's class or
function name, a string, 3); None is None; a dict without 'class_name' is "Unknown `config` as a
`dict`", a function dict without 'module' Keras's KeyError 'module', a class saved from a script
('module': None) its TypeError "Cannot deserialize object of type ...". get() refuses what
deserialize handed back. tapeflow raised its own "Unknown loss class 'Nope'; known classes: ..." /
"Unknown initializer 'Nope'; ..." / "losses.deserialize: expected a dict ..." ValueErrors.
Expected values: TF 2.21 / Keras 3.15 running /work/notes/progs/kerasio45/p5.py and p6.py, e.g.
    keras.losses.deserialize({'class_name': 'Nope', 'config': {}})          # 'Nope'
    keras.initializers.get({'module': None, 'class_name': 'Nope', 'config': {}, 'registered_name': None})
    # TypeError Cannot deserialize object of type `Nope`. ...
"""
import pytest

from framework import keras

FAMILIES = ['losses', 'initializers', 'regularizers', 'constraints', 'activations', 'metrics', 'optimizers',
            'dtype_policies']
SCRIPT_CLASS = ('Cannot deserialize object of type `Nope`. If `Nope` is a custom class, please register it '
                'using the `@keras.saving.register_keras_serializable()` decorator.')


def _family(name):
    return getattr(keras, name)


@pytest.mark.parametrize('family', FAMILIES)
@pytest.mark.parametrize('config', [{'class_name': 'Nope', 'config': {}}, {'class_name': 'Nope'},
                                    {'module': 'mymod', 'class_name': 'Nope', 'config': {},
                                     'registered_name': 'P>Nope'}])
def test_an_unknown_class_comes_back_as_its_name(family, config):
    assert _family(family).deserialize(dict(config)) == 'Nope'


@pytest.mark.parametrize('family', [f for f in FAMILIES if f not in ('optimizers', 'dtype_policies')])
def test_names_and_values_the_table_lacks_come_back(family):
    deserialize = _family(family).deserialize
    assert deserialize('nope') == 'nope'
    assert deserialize(3) == 3
    assert deserialize(None) is None
    assert deserialize({'module': 'builtins', 'class_name': 'function', 'config': 'nope',
                        'registered_name': 'function'}) == 'nope'


@pytest.mark.parametrize('family', FAMILIES)
def test_malformed_dicts_fail_in_keras_words(family):
    deserialize = _family(family).deserialize
    if family == 'optimizers':       # Keras reads config['class_name'] before its lookup
        with pytest.raises(KeyError) as info:
            deserialize({'config': {}})
        assert info.value.args == ('class_name',)
    else:
        with pytest.raises(ValueError) as info:
            deserialize({'config': {}})
        assert str(info.value) == "Unknown `config` as a `dict`, config={'config': {}}"
    with pytest.raises(KeyError) as info:
        deserialize({'class_name': 'function', 'config': 'nope'})
    assert info.value.args == ('module',)
    with pytest.raises(TypeError) as info:
        deserialize({'module': None, 'class_name': 'Nope', 'config': {}, 'registered_name': None})
    assert str(info.value) == SCRIPT_CLASS


@pytest.mark.parametrize('family', ['losses', 'initializers', 'regularizers', 'constraints', 'metrics', 'optimizers'])
def test_get_refuses_what_deserialize_hands_back(family):
    get = _family(family).get
    kind = 'loss' if family == 'losses' else family[:-1]
    with pytest.raises(ValueError) as info:
        get({'class_name': 'Nope', 'config': {}})
    assert str(info.value) == "Could not interpret %s identifier: {'class_name': 'Nope', 'config': {}}" % kind
    with pytest.raises(TypeError) as info:
        get({'module': None, 'class_name': 'Nope', 'config': {}, 'registered_name': None})
    assert str(info.value) == SCRIPT_CLASS
    with pytest.raises(KeyError):
        get({'class_name': 'function', 'config': 'nope'})


def test_outside_keras_tables_a_tapeflow_class_comes_back_by_name():
    # Keras 3.15's losses table lacks CategoricalGeneralizedCrossEntropy, its optimizers table Lamb
    loss = keras.losses.CategoricalGeneralizedCrossEntropy(q=0.5)
    assert keras.losses.deserialize(keras.losses.serialize(loss)) == 'CategoricalGeneralizedCrossEntropy'
    assert keras.optimizers.deserialize(keras.optimizers.serialize(keras.optimizers.Lamb())) == 'Lamb'


def test_known_names_and_custom_objects_still_resolve():
    class MyInit(keras.initializers.Initializer):
        def __call__(self, shape, dtype=None):
            return keras.ops.ones(shape)

    def myloss(y_true, y_pred):
        return keras.ops.mean(y_true - y_pred)

    assert type(keras.initializers.deserialize({'class_name': 'MyInit', 'config': {}},
                                               custom_objects={'MyInit': MyInit})) is MyInit
    assert keras.initializers.deserialize('MyInit', custom_objects={'MyInit': MyInit}) is MyInit
    assert keras.losses.deserialize('myloss', custom_objects={'myloss': myloss}) is myloss
    with keras.saving.custom_object_scope({'MyInit': MyInit}):
        assert type(keras.initializers.get({'class_name': 'MyInit', 'config': {}})) is MyInit
    assert keras.regularizers.deserialize('l2').get_config() == {'l2': 0.01}
    assert keras.constraints.deserialize('max_norm').get_config() == {'max_value': 2.0, 'axis': 0}
    assert keras.activations.deserialize('relu') is keras.activations.relu
    assert keras.optimizers.deserialize({'class_name': 'Adam', 'config': {'learning_rate': 0.5}}).learning_rate == 0.5
    assert type(keras.dtype_policies.deserialize(keras.dtype_policies.serialize(
        keras.DTypePolicy('mixed_float16')))).__name__ == 'DTypePolicy'


def test_a_list_is_deserialized_item_by_item_without_the_table():
    # Keras 3 reads the items with deserialize_keras_object: a built-in class needs its 'module'
    assert keras.losses.deserialize(['mean_squared_error']) == ['mean_squared_error']
    with pytest.raises(TypeError, match="Could not locate class 'Zeros'"):
        keras.initializers.deserialize(['glorot_uniform', {'class_name': 'Zeros', 'config': {}}])


def test_a_schedule_function_entry_without_module_is_keras_key_error():
    # TF 2.21: keras.optimizers.schedules.deserialize({'class_name': 'function', 'config': 'nope'}) raises
    # KeyError 'module'; with 'module': 'builtins' the name comes back (tapeflow returned None for the first)
    with pytest.raises(KeyError) as info:
        keras.optimizers.schedules.deserialize({'class_name': 'function', 'config': 'nope'})
    assert info.value.args == ('module',)
    assert keras.optimizers.schedules.deserialize({'module': 'builtins', 'class_name': 'function', 'config': 'nope',
                                                   'registered_name': 'function'}) == 'nope'
