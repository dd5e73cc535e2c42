"""tf.saved_model.SaveOptions / LoadOptions check their arguments, save refuses what is no signature function
and load checks its ``tags``, as TF 2.21 does (tapeflow took any of these: a str namespace_whitelist was split
into letters, the policy kept as given, load ignored tags; a non-function signature raised tapeflow's own
TypeError). The expected texts are TF 2.21's (probe /work/notes/progs/kerasio53/p17.py)."""
import pytest

import framework as tf

O, L = tf.saved_model.SaveOptions, tf.saved_model.LoadOptions
VariablePolicy = tf.saved_model.experimental.VariablePolicy


class _M(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.)

    @tf.function(input_signature=[tf.TensorSpec([None])])
    def f(self, x):
        return x * self.v


def test_namespace_whitelist_must_be_a_list_of_strings():
    with pytest.raises(TypeError) as raised:
        O(namespace_whitelist='abc')
    assert str(raised.value) == "`namespace_whitelist` must be a list of strings. Got: abc with type <class 'str'>."
    with pytest.raises(ValueError) as raised:
        O(namespace_whitelist=['a', 3])
    assert str(raised.value) == "Whitelisted namespace must be a string. Got: 3 of type <class 'int'>."
    assert O(namespace_whitelist=['a']).namespace_whitelist == ['a']


def test_variable_policy():
    assert O().experimental_variable_policy is VariablePolicy.NONE
    assert str(O(experimental_variable_policy='expand_distributed_variables').experimental_variable_policy) == \
        'VariablePolicy.EXPAND_DISTRIBUTED_VARIABLES'      # TF 2.21
    assert L(experimental_variable_policy='SAVE_VARIABLE_DEVICES').experimental_variable_policy is \
        VariablePolicy.SAVE_VARIABLE_DEVICES
    with pytest.raises(ValueError, match='^Received invalid VariablePolicy value: bogus.$'):
        O(experimental_variable_policy='bogus')
    with pytest.raises(ValueError, match='^The option `experimental_image_format` is disabled in OSS.$'):
        O(experimental_image_format=True)


@pytest.mark.parametrize('bad', [3, {'a': 3}])
def test_a_signature_that_is_no_function(tmp_path, bad):
    with pytest.raises(ValueError) as raised:
        tf.saved_model.save(_M(), str(tmp_path / 'sm'), signatures=bad)
    assert str(raised.value) == ('Expected a TensorFlow function for which to generate a signature, but got 3. Only '
                                 '`tf.functions` with an input signature or concrete functions can be used as a '
                                 'signature.')


def test_a_signature_function_without_input_signature(tmp_path):
    f = tf.function(lambda x: x)
    with pytest.raises(ValueError) as raised:
        tf.saved_model.save(_M(), str(tmp_path / 'sm'), signatures={'a': f})
    assert str(raised.value).startswith('Expected a TensorFlow function for which to generate a signature, but got '
                                        '<tensorflow.python.eager.polymorphic_function.polymorphic_function.Function '
                                        'object at 0x')


def test_load_checks_tags(tmp_path):
    path = str(tmp_path / 'sm')
    tf.saved_model.save(_M(), path)
    for tags in (None, 'serve', ['serve'], ('serve', 'serve'), {'serve'}):
        assert float(tf.saved_model.load(path, tags=tags).v.numpy()) == 2.0
    for tags, shown in ((['bogus'], "['bogus']"), ([], '[]'), (['serve', 'gpu'], "['serve', 'gpu']")):
        with pytest.raises(ValueError) as raised:
            tf.saved_model.load(path, tags=tags)
        assert str(raised.value) == ("Got an incompatible argument to `tags`: %s. The SavedModel at %s has one "
                                     "MetaGraph with tags ['serve']. You may omit the argument, pass 'None', or pass "
                                     "matching tags." % (shown, path))      # TF 2.21


def test_extra_tags_join_the_saved_tags(tmp_path):
    path = str(tmp_path / 'smx')
    tf.saved_model.save(_M(), path, options=O(extra_tags=['gpu', 'x']))
    assert float(tf.saved_model.load(path).v.numpy()) == 2.0
    assert float(tf.saved_model.load(path, tags={'x', 'gpu', 'serve'}).v.numpy()) == 2.0
    with pytest.raises(ValueError, match=r"has one MetaGraph with tags \['serve', 'gpu', 'x'\]\."):
        tf.saved_model.load(path, tags=['serve'])
