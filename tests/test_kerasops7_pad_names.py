"""tf.pad inside a tf.function prints TF 2.21's op: MirrorPad for mode 'REFLECT' / 'SYMMETRIC' (any case), PadV2 for
a constant other than 0, Pad otherwise (array_ops.pad picks the op); tapeflow printed 'Pad' for all of them.
Texts: TF 2.21's (notes/progs/kerasops7/pad.py)."""
import framework as tf


def test_pad_modes_and_constants_name_their_ops(capsys):
    @tf.function(input_signature=[tf.TensorSpec((None, 4))])
    def f(x):
        p = [[1, 1], [2, 0]]
        print(tf.pad(x, p, mode='REFLECT'), tf.pad(x, p, mode='symmetric'), tf.pad(x, p),
              tf.pad(x, p, constant_values=1.0))
        print(tf.pad(x, p, mode='REFLECT', name='rp'), tf.pad(x, p, 'CONSTANT'), tf.pad(x, p, 'reflect'), x + 1)
        return x
    f.get_concrete_function()

    def t(name, width=6):
        return 'Tensor("%s:0", shape=(None, %d), dtype=float32)' % (name, width)
    assert capsys.readouterr().out.splitlines() == [
        ' '.join((t('MirrorPad'), t('MirrorPad_1'), t('Pad'), t('PadV2'))),
        ' '.join((t('rp'), t('Pad_1'), t('MirrorPad_2'), t('add', 4)))]
