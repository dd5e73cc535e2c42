"""A missing name in a Keras namespace that tapeflow defines as a module of its own (keras.ops and its
numpy/nn/linalg/image groups, keras.random, keras.tree, ...) raises Python's module text with Keras's
public name, as TF 2.21 + Keras 3.15 prints it: "module 'keras.ops' has no attribute 'no_such_name'"
(was 'framework.keras.ops'; kdocB found it in Keras's docstrings). The texts below were printed by
`getattr(keras.<namespace>, 'no_such_name')` under TF 2.21's Keras."""
import pytest

from framework import keras

NAMESPACES = ['ops', 'ops.numpy', 'ops.nn', 'ops.linalg', 'ops.image', 'random', 'tree', 'dtype_policies',
              'wrappers', 'legacy', 'legacy.saving', 'datasets', 'preprocessing.image']


def _namespace(dotted):
    module = keras
    for part in dotted.split('.'):
        module = getattr(module, part)
    return module


@pytest.mark.parametrize('dotted', NAMESPACES)
def test_missing_name_uses_keras_module_name(dotted):
    module = _namespace(dotted)
    with pytest.raises(AttributeError) as err:
        module.no_such_name
    assert str(err.value) == "module 'keras.%s' has no attribute 'no_such_name'" % dotted
    assert not hasattr(module, 'no_such_name')


@pytest.mark.parametrize('dotted', NAMESPACES)
def test_present_names_still_resolve(dotted):
    module = _namespace(dotted)
    names = getattr(module, '__all__', None) or dir(module)
    public = [n for n in names if not n.startswith('_')]
    assert public
    for name in public:
        assert getattr(module, name) is not None


def test_datasets_names_listed_in_a_note():
    with pytest.raises(AttributeError) as err:
        keras.datasets.emnist
    assert 'mnist' in err.value.__notes__[0]


def test_getattr_with_default_and_hidden_helper():
    assert getattr(keras.ops, 'no_such_name', 7) == 7
    assert '_missing_names' not in dir(keras.random)
    assert 'missing_names' not in dir(keras.tree)
