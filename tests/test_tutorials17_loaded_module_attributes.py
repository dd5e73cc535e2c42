"""A loaded plain tf.Module keeps only what the SavedModel saved, as TF 2.21's revived ``_UserObject``.

Found porting tensorflow.org's "Introduction to modules" guide (helper tutorials17:
/work/notes/progs/tutorials17/modules.py and loaded_attrs.py): on TF 2.21 the object that
tf.saved_model.load returns for a tf.Module has its tracked children (variables, sub-modules, which are
``_UserObject`` too, lists of variables), its tf.functions and ``tensorflow_version``; the class's
methods and properties (``variables``, ``trainable_variables``, ``submodules``, ``name``) and plain Python
attributes are gone (AttributeError "'_UserObject' object has no attribute ..."). tapeflow forwarded
every attribute to the pickled original, so ``hasattr(loaded, 'variables')`` was True where TF says False.
"""
import pytest

import framework as tf


class Inner(tf.Module):
    def __init__(self):
        super().__init__(name='inner')
        self.k = tf.Variable(2.0)


class Outer(tf.Module):
    def __init__(self):
        super().__init__(name='m')
        self.v = tf.Variable(1.0, name='v')
        self.inner = Inner()
        self.plain = 3
        self.lst = [tf.Variable(4.0)]

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def f(self, x):
        return x * self.v

    def method(self):
        return 1


@pytest.fixture(scope='module')
def loaded(tmp_path_factory):
    path = str(tmp_path_factory.mktemp('saved') / 'm')
    tf.saved_model.save(Outer(), path)
    return tf.saved_model.load(path)


@pytest.mark.parametrize('name, kept', [
    ('v', True), ('inner', True), ('plain', False), ('lst', True), ('f', True), ('method', False),
    ('variables', False), ('trainable_variables', False), ('submodules', False), ('name', False),
    ('name_scope', False), ('signatures', True), ('tensorflow_version', True)])
def test_what_the_loaded_module_has(loaded, name, kept):
    assert hasattr(loaded, name) is kept


def test_attribute_error_text_and_kept_values(loaded):
    with pytest.raises(AttributeError) as info:
        loaded.plain
    assert str(info.value) == "'_UserObject' object has no attribute 'plain'"
    assert type(loaded.inner).__name__ == '_UserObject' and not hasattr(loaded.inner, 'variables')
    assert float(loaded.inner.k) == 2.0
    assert type(loaded.lst).__name__ == 'ListWrapper'
    assert float(loaded.f(tf.constant(3.0))) == 3.0
    assert loaded.tensorflow_version == '2.21.0'
