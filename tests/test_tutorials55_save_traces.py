"""tf.saved_model.save traces the saved modules' tf.functions anew, as TF 2.21 does (its trace cache is
keyed by the save context): the SavedModel guide prints 'Saving model...' and then 'Tracing with
Tensor("x:0", shape=(), dtype=float32)' once more, and counts two traces of __call__ and one of the
never-called mutate. Values from TF 2.21 (notes progs/tutorials55/smguide.py, probes/savetrace.py); the
file also passes under TF 2.21 with progs/epyc1/shim.
"""
import framework as tf


class CustomModule(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.)

    @tf.function
    def __call__(self, x):
        print('Tracing with', x)
        return x * self.v

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def mutate(self, new_v):
        print('Tracing mutate')
        self.v.assign(new_v)


class WithSignature(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(3.0)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def __call__(self, x):
        print('trace call')
        return x * self.v


def test_the_saved_model_guides_save_traces_again(tmp_path, capsys):
    module = CustomModule()
    module(tf.constant(0.))
    print('Saving model...')
    tf.saved_model.save(module, str(tmp_path / 'a'))
    assert capsys.readouterr().out == ('Tracing with Tensor("x:0", shape=(), dtype=float32)\nSaving model...\n'
                                       'Tracing with Tensor("x:0", shape=(), dtype=float32)\nTracing mutate\n')
    # TF 2.21: 2 1
    assert (module.__call__.experimental_get_tracing_count(), module.mutate.experimental_get_tracing_count()) \
        == (2, 1)
    # the save's mutate wrote nothing: the variable keeps its value
    assert module.v.numpy() == 1.0
    tf.saved_model.save(module, str(tmp_path / 'b'))      # a second save finds its traces
    assert capsys.readouterr().out == ''
    assert module.__call__.experimental_get_tracing_count() == 2
    assert module.__call__.pretty_printed_concrete_signatures(verbose=False).splitlines() == [
        "(x: TensorSpec(shape=(), dtype=tf.float32, name=None)) -> TensorSpec(shape=(), dtype=tf.float32, name=None)",
        "(x: TensorSpec(shape=(), dtype=tf.float32, name='x')) -> TensorSpec(shape=(), dtype=tf.float32, name=None)"]
    assert module(tf.constant(2.)).numpy() == 2.0
    assert capsys.readouterr().out == ''      # calls run the first trace
    loaded = tf.saved_model.load(str(tmp_path / 'a'))
    loaded.mutate(tf.constant(2.))
    assert loaded(tf.constant(3.)).numpy() == 6


def test_a_signature_function_never_called_traces_at_save_only(tmp_path, capsys):
    module = WithSignature()
    tf.saved_model.save(module, str(tmp_path / 'a'))
    assert capsys.readouterr().out == 'trace call\n'
    assert module.__call__.experimental_get_tracing_count() == 1
    # a call afterwards traces outside the save context (TF 2.21: 'trace call' again, 2 traces)
    assert module(tf.constant([1.0])).numpy().tolist() == [3.0]
    assert capsys.readouterr().out == 'trace call\n'
    assert module.__call__.experimental_get_tracing_count() == 2
    tf.saved_model.save(module, str(tmp_path / 'b'))
    assert capsys.readouterr().out == ''


def test_a_called_signature_function_saved_as_the_signature(tmp_path, capsys):
    module = WithSignature()
    module(tf.constant([1.0, 2.0]))
    tf.saved_model.save(module, str(tmp_path / 'a'), signatures=module.__call__)
    assert capsys.readouterr().out == 'trace call\ntrace call\n'
    assert module.__call__.experimental_get_tracing_count() == 2
    loaded = tf.saved_model.load(str(tmp_path / 'a'))
    assert loaded.signatures['serving_default'](x=tf.constant([2.0]))['output_0'].numpy().tolist() == [6.0]


class Plain(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)

    @tf.function
    def plain(self, x):
        print('trace plain', x.shape)
        return x + self.v


def test_traces_of_each_signature_the_function_has_traced(tmp_path, capsys):
    m = Plain()
    m.plain(tf.constant(1.0))
    m.plain(tf.constant([1.0, 2.0]))
    m.plain(tf.constant(3.0))
    capsys.readouterr()
    tf.saved_model.save(m, str(tmp_path / 'a'))
    # TF 2.21: one save trace per distinct signature, in trace order
    assert capsys.readouterr().out == 'trace plain ()\ntrace plain (2,)\n'
    assert m.plain.experimental_get_tracing_count() == 4


def test_pretty_printing_an_untraced_signature_function_traces_it(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def double(x):
        print('tracing double')
        return x * 2.0

    text = double.pretty_printed_concrete_signatures()
    # TF 2.21 traces it first (_list_all_concrete_functions)
    assert capsys.readouterr().out == 'tracing double\n'
    assert text.splitlines()[:2] == ['Input Parameters:',
                                     '  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(None,), dtype=tf.float32, name=None)']
    assert double.experimental_get_tracing_count() == 1


class Child(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(2.0)

    @tf.function
    def __call__(self, x):
        print('trace child', x.shape)
        self.w.assign_add(1.0)
        return x * self.w


class Parent(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)
        self.child = Child()

    @tf.function
    def scale(self, x, k):
        print('trace scale', k)
        return x * self.v * k

    @tf.function(reduce_retracing=True)
    def relaxed(self, x):
        print('trace relaxed', x.shape)
        return x + self.v


def _double(x):
    return x * 2.0


def test_save_traces_by_object_then_attribute_name(tmp_path, capsys):
    m = Parent()
    m.scale(tf.constant(1.0), 2)
    m.scale(tf.constant(1.0), 3)
    for n in (1, 2, 3):
        m.relaxed(tf.ones([n]))
    m.child(tf.constant(1.0))
    capsys.readouterr()
    tf.saved_model.save(m, str(tmp_path / 'a'))
    # TF 2.21 (probes/savetrace2.py): the root's functions by name, then the child's; a Literal argument keeps
    # its value; the child's assign_add in the save's trace writes nothing (w stays 3.0)
    assert capsys.readouterr().out == ('trace relaxed (1,)\ntrace relaxed (None,)\ntrace scale 2\ntrace scale 3\n'
                                       'trace child ()\n')
    assert (m.scale.experimental_get_tracing_count(), m.relaxed.experimental_get_tracing_count(),
            m.child.__call__.experimental_get_tracing_count()) == (4, 4, 2)
    assert m.child.w.numpy() == 3.0
    assert m.relaxed.pretty_printed_concrete_signatures(verbose=False).splitlines()[2:] == [
        "(x: TensorSpec(shape=(1,), dtype=tf.float32, name='x')) -> TensorSpec(shape=(1,), dtype=tf.float32, name=None)",
        "(x: TensorSpec(shape=(None,), dtype=tf.float32, name='x')) -> "
        "TensorSpec(shape=(None,), dtype=tf.float32, name=None)"]
    tf.saved_model.save(tf.train.Checkpoint(model=m), str(tmp_path / 'b'))     # the same save context
    assert capsys.readouterr().out == ''
    f = tf.function(_double)
    m.f = f
    f(tf.constant(1.0))
    tf.saved_model.save(m, str(tmp_path / 'c'))
    assert f.experimental_get_tracing_count() == 2
    loaded = tf.saved_model.load(str(tmp_path / 'a'))
    assert loaded.scale(tf.constant(2.0), 2).numpy() == 4.0
