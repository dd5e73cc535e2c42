"""A loaded tf.function's pretty_printed_concrete_signatures() as TF 2.21's revived function prints it: every
saved trace (tapeflow printed nothing for a function traced by calls, and its live traces otherwise), the
specs named as the save named them (inputs by parameter path or their own name: 'x', 'p_0', 'p0', 'd_k';
outputs by their path, sanitized: 'unknown' for a lone tensor, 'out_put_0', a list's 'tensor_0'), and
'Captures: None'. (A dict's order in TF's text is the protobuf map's, which changes from run to run: the
dicts here have one key.) Probes /work/notes/progs/kerasio52/p9.py, p10.py, kerasio51/p5.py. Every expected
text below is TF 2.21's."""
import framework as tf

F32 = 'dtype=tf.float32'


class _M(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.)

    @tf.function
    def d(self, x, scale=2.0):
        print('PY trace d')
        return x * scale * self.v

    @tf.function
    def t(self, x, p):
        return {'Out Put': (x, p[0] + p[1])}

    @tf.function(input_signature=[tf.TensorSpec([None], name='inp'), {'k': tf.TensorSpec([2])}])
    def s(self, x, d):
        return [x * 2., d['k']]

    @tf.function
    def n(self, x):
        return None


def _loaded(tmp_path):
    m = _M()
    m.d(tf.constant([1.]))
    m.d(tf.constant([[1.]]), scale=3.0)
    m.t(tf.constant([1.]), (tf.constant(1.), tf.constant(2.)))
    m.t.get_concrete_function(tf.TensorSpec([None], name='zz'), [tf.TensorSpec([], name='p0'), tf.TensorSpec([])])
    m.n(tf.constant(1.))
    tf.saved_model.save(m, str(tmp_path / 'sm'))
    return tf.saved_model.load(str(tmp_path / 'sm'))


def test_saved_traces_of_a_called_function(tmp_path, capsys):
    loaded = _loaded(tmp_path)
    capsys.readouterr()
    assert loaded.d.pretty_printed_concrete_signatures() == '\n'.join([
        'Input Parameters:',
        "  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(1,), %s, name='x')" % F32,
        '  scale (POSITIONAL_OR_KEYWORD): Literal[2.0]',
        'Output Type:',
        "  TensorSpec(shape=(1,), %s, name='unknown')" % F32,
        'Captures:',
        '  None',
        '',
        'Input Parameters:',
        "  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(1, 1), %s, name='x')" % F32,
        '  scale (POSITIONAL_OR_KEYWORD): Literal[3.0]',
        'Output Type:',
        "  TensorSpec(shape=(1, 1), %s, name='unknown')" % F32,
        'Captures:',
        '  None'])
    assert loaded.d.pretty_printed_concrete_signatures(verbose=False) == '\n'.join([
        "(x: TensorSpec(shape=(1,), %s, name='x'), scale: Literal[2.0]) -> TensorSpec(shape=(1,), %s, "
        "name='unknown')" % (F32, F32),
        "(x: TensorSpec(shape=(1, 1), %s, name='x'), scale: Literal[3.0]) -> TensorSpec(shape=(1, 1), %s, "
        "name='unknown')" % (F32, F32)])
    assert capsys.readouterr().out == ''        # (the saved graphs: no Python runs)


def test_structured_traces(tmp_path):
    loaded = _loaded(tmp_path)
    out = "Dict[['Out Put', Tuple[TensorSpec(shape=%s, {0}, name='out_put_0'), TensorSpec(shape=(), {0}, " \
          "name='out_put_1')]]]".format(F32)
    assert loaded.t.pretty_printed_concrete_signatures(verbose=False) == '\n'.join([
        "(x: TensorSpec(shape=(1,), {0}, name='x'), p: Tuple[TensorSpec(shape=(), {0}, name='p_0'), "
        "TensorSpec(shape=(), {0}, name='p_1')]) -> ".format(F32) + out % '(1,)',
        "(x: TensorSpec(shape=(None,), {0}, name='zz'), p: List[TensorSpec(shape=(), {0}, name='p0'), "
        "TensorSpec(shape=(), {0}, name='p_1')]) -> ".format(F32) + out % '(None,)'])
    assert loaded.s.pretty_printed_concrete_signatures(verbose=False) == (
        "(x: TensorSpec(shape=(None,), {0}, name='inp'), d: Dict[['k', TensorSpec(shape=(2,), {0}, name='d_k')]]) "
        "-> List[TensorSpec(shape=(None,), {0}, name='tensor_0'), TensorSpec(shape=(2,), {0}, "
        "name='tensor_1')]".format(F32))
    assert loaded.n.pretty_printed_concrete_signatures() == '\n'.join([
        'Input Parameters:',
        "  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(), %s, name='x')" % F32,
        'Output Type:',
        '  Literal[None]',
        'Captures:',
        '  None'])
