"""tf.saved_model.save without signatures= picks its 'serving_default' as TF 2.21's
find_function_to_export: among the root's tf.functions with an input_signature and concrete functions,
set on the instance as well as decorated in the class, the one whose trace can be a signature (outputs
that are one tensor, a flat list / tuple / namedtuple or a dict of str -> tensor). Values from TF 2.21
(notes progs/kerasio55/p15.py, p16.py)."""
import collections

import framework as tf

SPEC = [tf.TensorSpec((None,), tf.float32)]
Pair = collections.namedtuple('Pair', ['u', 'w'])


def _saved(tmp_path, **functions):
    module = tf.Module()
    for name, function in functions.items():
        setattr(module, name, function)
    tf.saved_model.save(module, str(tmp_path / 'sm'))
    return tf.saved_model.load(str(tmp_path / 'sm'))


def _outputs(loaded):
    out = loaded.signatures['serving_default'](x=tf.constant([1.0, 2.0]))
    return sorted((key, value.numpy().tolist()) for key, value in out.items())


def test_a_tf_function_set_on_the_instance_is_the_default(tmp_path):
    # TF 2.21: ['serving_default'], {'output_0': [2.0, 4.0]}; tapeflow saved no signature
    loaded = _saved(tmp_path, a=tf.function(lambda x: x * 2, input_signature=SPEC))
    assert list(loaded.signatures) == ['serving_default']
    assert _outputs(loaded) == [('output_0', [2.0, 4.0])]


def test_a_concrete_function_attribute_is_the_default(tmp_path):
    concrete = tf.function(lambda x: x * 2).get_concrete_function(tf.TensorSpec((None,), tf.float32))
    loaded = _saved(tmp_path, a=concrete)
    assert _outputs(loaded) == [('output_0', [2.0, 4.0])]       # TF 2.21


def test_namedtuple_outputs_are_named_by_their_fields(tmp_path):
    loaded = _saved(tmp_path, b=tf.function(lambda x: Pair(x, x + 1), input_signature=SPEC))
    # TF 2.21: {'u': TensorSpec(shape=(None,), ..., name='u'), 'w': ...} (tapeflow named them output_0, output_1)
    assert sorted(loaded.signatures['serving_default'].structured_outputs) == ['u', 'w']
    assert _outputs(loaded) == [('u', [1.0, 2.0]), ('w', [2.0, 3.0])]


def test_nested_outputs_cannot_be_a_signature(tmp_path):
    nested = tf.function(lambda x: {'p': x, 'q': (x, x)}, input_signature=SPEC)
    # TF 2.21: the flat one is the default beside a nested one; alone, or with another flat one, none
    assert _outputs(_saved(tmp_path / 'a', a=tf.function(lambda x: x * 2, input_signature=SPEC), b=nested)) == \
        [('output_0', [2.0, 4.0])]
    assert list(_saved(tmp_path / 'b', b=nested).signatures) == []
    assert list(_saved(tmp_path / 'c', b=tf.function(lambda x: [x, [x]], input_signature=SPEC)).signatures) == []
    two = _saved(tmp_path / 'd', a=tf.function(lambda x: x * 2, input_signature=SPEC),
                 c=tf.function(lambda x: x * 3, input_signature=SPEC))
    assert list(two.signatures) == []


class _Methods(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)

    @tf.function(input_signature=SPEC)
    def b(self, x):
        print('PY b')
        self.v.assign_add(1.0)
        return {'p': x, 'q': (x, x * self.v)}

    @tf.function(input_signature=SPEC)
    def a(self, x):
        print('PY a')
        return x * self.v

    @tf.function
    def c(self, x):
        print('PY c')
        return x


def test_methods_are_traced_once_in_name_order_and_keep_the_variables(tmp_path, capsys):
    module = _Methods()
    module.c(tf.constant(1.0))
    print('saving')
    tf.saved_model.save(module, str(tmp_path / 'sm'))
    # TF 2.21: 'PY c', 'saving', 'PY a', 'PY b', 'PY c'; v stays 1.0; tracing counts 1 1 2
    assert capsys.readouterr().out.split() == ['PY', 'c', 'saving', 'PY', 'a', 'PY', 'b', 'PY', 'c']
    assert module.v.numpy() == 1.0
    counts = [f.experimental_get_tracing_count() for f in (module.a, module.b, module.c)]
    assert counts == [1, 1, 2]
    loaded = tf.saved_model.load(str(tmp_path / 'sm'))
    assert list(loaded.signatures) == ['serving_default']
    assert _outputs(loaded) == [('output_0', [1.0, 2.0])]
