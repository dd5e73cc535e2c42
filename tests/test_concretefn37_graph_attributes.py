"""ConcreteFunction's graph attributes (name, inputs, outputs, variables, trainable_variables, the
'Captures:' block), as TensorFlow 2.21 prints them for guide/function and guide/intro_to_graphs
snippets. Expected values printed by TF 2.21 (/work/notes/progs/concretefn/)."""
import re

import framework as tf


def test_name_is_bytes_of_the_inference_function_and_unique_per_trace():
    @tf.function
    def add(a, b):
        return a + b
    first = add.get_concrete_function(tf.TensorSpec([None, 2], tf.float32), tf.TensorSpec([], tf.float32))
    second = add.get_concrete_function(tf.TensorSpec([], tf.int32), tf.TensorSpec([], tf.int32))
    assert type(first.name) is bytes and first.name.startswith(b'__inference_add_')
    assert first.name == first.name and first.name != second.name
    # a spec the first trace accepts finds that trace: the same concrete function, the same name
    assert add.get_concrete_function(tf.TensorSpec([3, 2], tf.float32), tf.TensorSpec([], tf.float32)).name == first.name


def test_inputs_are_placeholders_named_by_parameter():
    @tf.function
    def add(a, b):
        return a + b, {'s': a * 2}
    cf = add.get_concrete_function(tf.TensorSpec([None, 2], tf.float32), tf.TensorSpec([], tf.float32))
    assert repr(cf.inputs) == ("[<tf.Tensor 'a:0' shape=(None, 2) dtype=float32>, "
                               "<tf.Tensor 'b:0' shape=() dtype=float32>]")
    cf(tf.ones([1, 2]), tf.constant(1.0))
    assert repr(cf.outputs) == ("[<tf.Tensor 'Identity:0' shape=(None, 2) dtype=float32>, "
                                "<tf.Tensor 'Identity_1:0' shape=(None, 2) dtype=float32>]")


def test_structure_inputs_number_repeats_and_python_arguments_have_none():
    @tf.function
    def pair(p, n):
        return p[0] * n + p[1]
    cf = pair.get_concrete_function((tf.constant([1, 2]), tf.constant(3)), 4)
    assert repr(cf.inputs) == ("[<tf.Tensor 'p:0' shape=(2,) dtype=int32>, "
                               "<tf.Tensor 'p_1:0' shape=() dtype=int32>]")
    cf((tf.constant([1, 2]), tf.constant(3)), 4)
    assert repr(cf.outputs) == "[<tf.Tensor 'Identity:0' shape=(2,) dtype=int32>]"


def test_input_signature_names_and_none_outputs():
    @tf.function(input_signature=[tf.TensorSpec([3], tf.int32, name='vec')])
    def neg(v):
        return -v, None
    cf = neg.get_concrete_function()
    assert repr(cf.inputs) == "[<tf.Tensor 'vec:0' shape=(3,) dtype=int32>]"
    neg(tf.constant([1, 2, 3]))
    assert repr(cf.outputs) == "[<tf.Tensor 'Identity:0' shape=(3,) dtype=int32>]"

    @tf.function
    def none_out(x):
        return None
    empty = none_out.get_concrete_function(tf.constant(1.0))
    empty(tf.constant(1.0))
    assert repr(empty.inputs) == "[<tf.Tensor 'x:0' shape=() dtype=float32>]" and empty.outputs == []


def test_variables_of_globals_in_the_order_the_code_reads_them():
    scale = tf.Variable(2.0, name='scale')
    steps = tf.Variable(0, trainable=False, name='steps')
    namespace = {'tf': tf, 'scale': scale, 'steps': steps}
    exec('def f(x):\n  steps.assign_add(1)\n  return x * scale\n', namespace)
    cf = tf.function(namespace['f']).get_concrete_function(tf.TensorSpec([None], tf.float32))
    assert repr(cf.variables) == ("(<tf.Variable 'steps:0' shape=() dtype=int32, numpy=0>, "
                                  "<tf.Variable 'scale:0' shape=() dtype=float32, numpy=2.0>)")
    assert repr(cf.trainable_variables) == "(<tf.Variable 'scale:0' shape=() dtype=float32, numpy=2.0>,)"


def test_variables_of_a_closure_and_of_a_module_method():
    w = tf.Variable([1.0, 2.0], name='w')

    @tf.function
    def g(x):
        return tf.reduce_sum(x * w)
    assert repr(g.get_concrete_function(tf.constant([1.0, 1.0])).variables) == (
        "(<tf.Variable 'w:0' shape=(2,) dtype=float32, numpy=array([1., 2.], dtype=float32)>,)")

    class Lin(tf.Module):
        def __init__(self):
            self.b = tf.Variable(0.5, name='b')
            self.w = tf.Variable(3.0, name='w')
            self.unused = tf.Variable(9.0, name='unused')

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def __call__(self, x):
            return x * self.w + self.b
    m = Lin()
    assert repr(m.__call__.get_concrete_function().variables) == (
        "(<tf.Variable 'w:0' shape=() dtype=float32, numpy=3.0>, <tf.Variable 'b:0' shape=() dtype=float32, numpy=0.5>)")

    @tf.function
    def nothing(x):
        return x + 1
    cf = nothing.get_concrete_function(tf.constant(1))
    assert cf.variables == () and cf.trainable_variables == ()


def test_captures_block_lists_each_variable_as_a_resource():
    v = tf.Variable(2.0, name='scale')

    @tf.function
    def f(x):
        return x * v
    cf = f.get_concrete_function(tf.TensorSpec([None], tf.float32))
    cf(tf.constant([1.0]))
    text = re.sub(r'^  \d+: ', '  <id>: ', str(cf), flags=re.M)
    assert text == ('ConcreteFunction Input Parameters:\n'
                    '  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(None,), dtype=tf.float32, name=None)\n'
                    'Output Type:\n'
                    '  TensorSpec(shape=(None,), dtype=tf.float32, name=None)\n'
                    'Captures:\n'
                    '  <id>: TensorSpec(shape=(), dtype=tf.resource, name=None)')


def test_function_type_and_pretty_printed_signature():
    v = tf.Variable(1.0)

    @tf.function
    def kw(x, *, scale=2):
        return x * scale * v
    cf = kw.get_concrete_function(tf.TensorSpec([None], tf.float32, name='inp'))
    cf(tf.constant([1.0]))
    one_line = ("(x: TensorSpec(shape=(None,), dtype=tf.float32, name='inp'), *, scale: Literal[2]) -> "
                "TensorSpec(shape=(None,), dtype=tf.float32, name=None)")
    assert str(cf.function_type) == one_line == cf.pretty_printed_signature(verbose=False)
    block = re.sub(r'^  \d+: ', '  <id>: ', repr(cf.function_type), flags=re.M)
    assert block == ("Input Parameters:\n"
                     "  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(None,), dtype=tf.float32, name='inp')\n"
                     "  scale (KEYWORD_ONLY): Literal[2]\n"
                     "Output Type:\n"
                     "  TensorSpec(shape=(None,), dtype=tf.float32, name=None)\n"
                     "Captures:\n"
                     "  <id>: TensorSpec(shape=(), dtype=tf.resource, name=None)")
    assert cf.pretty_printed_signature() == repr(cf.function_type) == str(cf)[len('ConcreteFunction '):]
    assert repr(cf).startswith('<ConcreteFunction %s at 0x' % one_line)


def test_function_type_marks_positional_only_and_keyword_only_parameters():
    @tf.function
    def va(*args, **kw):
        return args[0]
    cf = va.get_concrete_function(tf.constant(3), 4, z=tf.constant(1.0))
    va(tf.constant(3), 4, z=tf.constant(1.0))
    assert str(cf.function_type) == (
        '(args_0: TensorSpec(shape=(), dtype=tf.int32, name=None), args_1: Literal[4], /, *, '
        'z: TensorSpec(shape=(), dtype=tf.float32, name=None)) -> TensorSpec(shape=(), dtype=tf.int32, name=None)')

    @tf.function
    def d(x):
        return {'a': x, 'b': None}
    cf = d.get_concrete_function(tf.TensorSpec(None, tf.float32))
    d(tf.constant([1.0, 2.0]))
    assert str(cf.function_type) == (
        "(x: TensorSpec(shape=<unknown>, dtype=tf.float32, name=None)) -> "
        "Dict[['a', TensorSpec(shape=<unknown>, dtype=tf.float32, name=None)], ['b', Literal[None]]]")


def test_variables_of_sub_modules_a_traced_method_calls():
    class Dense(tf.Module):
        def __init__(self, i, o):
            super().__init__()
            self.w = tf.Variable(tf.ones([i, o]), name='w')
            self.b = tf.Variable(tf.zeros([o]), name='b')

        def __call__(self, x):
            return tf.nn.relu(x @ self.w + self.b)

    class MLP(tf.Module):
        def __init__(self):
            super().__init__()
            self.l1 = Dense(3, 2)
            self.l2 = Dense(2, 1)

        @tf.function
        def __call__(self, x):
            return self.l2(self.l1(x))
    m = MLP()
    cf = m.__call__.get_concrete_function(tf.TensorSpec([None, 3], tf.float32))
    # TensorFlow 2.21: ['w:0', 'w:0', 'b:0', 'b:0'] (its order is the graph's capture order)
    assert sorted(v.name for v in cf.variables) == ['b:0', 'b:0', 'w:0', 'w:0'] and len(cf.trainable_variables) == 4
    assert m(tf.ones([1, 3])).numpy().tolist() == [[6.0]]
    assert str(cf).count(': TensorSpec(shape=(), dtype=tf.resource, name=None)') == 4


def test_output_dtypes_and_shapes_follow_the_structure():
    @tf.function
    def f(x, n=2):
        return {'a': x + 1, 'b': (tf.shape(x), None)}
    cf = f.get_concrete_function(tf.TensorSpec([None, 2], tf.float32))
    f(tf.ones([3, 2]))
    assert repr(cf.output_dtypes) == "{'a': tf.float32, 'b': (tf.int32, None)}"
    assert repr(cf.output_shapes) == "{'a': TensorShape([None, 2]), 'b': (TensorShape([2]), TensorShape(None))}"


def test_a_batch_of_one_keeps_fixed_sizes_of_one():
    w = tf.Variable(tf.ones([3, 1]))

    @tf.function
    def regress(x):
        return x @ w
    cf = regress.get_concrete_function(tf.TensorSpec([None, 3], tf.float32))
    cf(tf.ones([1, 3]))
    # TensorFlow 2.21's shape inference: (None, 1); the run's batch of 1 is not the output's fixed 1
    assert str(cf.function_type).endswith('-> TensorSpec(shape=(None, 1), dtype=tf.float32, name=None)')
    assert repr(cf.outputs) == "[<tf.Tensor 'Identity:0' shape=(None, 1) dtype=float32>]"


def test_an_attribute_that_raises_does_not_break_printing():
    class M(tf.Module):
        @property
        def unbuilt(self):
            raise ValueError('not built')

        @tf.function
        def f(self, x):
            if x is None:
                return self.unbuilt
            return x
    m = M()
    cf = m.f.get_concrete_function(tf.constant(1.0))
    m.f(tf.constant(1.0))
    assert cf.variables == () and str(cf).endswith('Captures:\n  None')
