"""Checkpoint.restore makes the save counter and assert_nontrivial_match counts paired objects, as
TF 2.21's do.

tensorflow.org's "Introduction to modules" guide (guide/intro_to_modules, shrunk by helper
tutorials17 as /work/notes/progs/tutorials17/modules.py) writes a lazily built module with
``checkpoint.write`` and restores it into a fresh, unbuilt one with ``restore``. TF's restore (unlike
read) creates the Checkpoint's save_counter afterwards, so ``assert_consumed`` first reports that
variable as unbound ("Found 1 Python objects that were not bound ..."); tapeflow made it only when
something read it and reported the unbuilt module's values instead. ``assert_nontrivial_match``
passes in TF as soon as any saved object besides the root was paired (the unbuilt module itself, or a
saved save counter), else it raises TF's "Nothing except the root object matched ..." listing the
program's unrestored variables; tapeflow asked for a restored value and used words of its own.
Texts: TF 2.21's output of /work/notes/progs/tutorials17/ckpt_consumed.py and ckpt_nontrivial.py.
"""
import pytest

import framework as tf

_UNBOUND_COUNTER = ("Found 1 Python objects that were not bound to checkpointed values, likely due to changes in "
                    "the Python program. Showing 1 of 1 unmatched objects: "
                    "[<tf.Variable 'save_counter:0' shape=() dtype=int64, numpy=0>]")
_NOTHING = ("Nothing except the root object matched a checkpointed value. Typically this means that the "
            "checkpoint does not match the Python program. The following objects have no matching "
            "checkpointed value: ")


class Lazy(tf.Module):
    def __init__(self):
        super().__init__()
        self.built = False

    def __call__(self, x):
        if not self.built:
            self.w = tf.Variable(tf.ones([x.shape[-1], 2]), name='w')
            self.built = True
        return tf.matmul(x, self.w)


@pytest.fixture
def paths(tmp_path):
    module = Lazy()
    module(tf.ones([1, 3]))
    checkpoint = tf.train.Checkpoint(model=module)
    return checkpoint.write(str(tmp_path / 'written')), checkpoint.save(str(tmp_path / 'saved'))


def test_restore_of_a_written_checkpoint_leaves_the_new_save_counter_unbound(paths):
    written, _ = paths
    module = Lazy()
    checkpoint = tf.train.Checkpoint(model=module)
    status = checkpoint.restore(written)
    for check in (status.assert_existing_objects_matched, status.assert_consumed):
        with pytest.raises(AssertionError) as info:
            check()
        assert str(info.value) == _UNBOUND_COUNTER
    assert status.assert_nontrivial_match() is status          # the unbuilt module's object was paired
    assert module(tf.ones([1, 3])).numpy().tolist() == [[3.0, 3.0]]
    assert int(checkpoint.save_counter.numpy()) == 0


def test_read_makes_no_save_counter(paths):
    written, _ = paths
    status = tf.train.Checkpoint(model=Lazy()).read(written)
    with pytest.raises(AssertionError, match=r'^Unresolved object in checkpoint \(root\)\.model\.w: '):
        status.assert_consumed()


def test_restore_of_a_saved_checkpoint_takes_the_count(paths):
    _, saved = paths
    module = Lazy()
    module(tf.ones([1, 3]))
    checkpoint = tf.train.Checkpoint(model=module)
    checkpoint.restore(saved).assert_consumed().assert_nontrivial_match()
    assert int(checkpoint.save_counter.numpy()) == 1


def test_nothing_matched_but_the_root(paths):
    written, saved = paths
    module = Lazy()
    module(tf.ones([1, 3]))
    with pytest.raises(AssertionError) as info:
        tf.train.Checkpoint(net=Lazy()).restore(written).assert_nontrivial_match()
    assert str(info.value) == _NOTHING + "[<tf.Variable 'save_counter:0' shape=() dtype=int64, numpy=0>]"
    with pytest.raises(AssertionError) as info:
        tf.train.Checkpoint(other=tf.Variable(2.0, name='v')).restore(written).assert_nontrivial_match()
    assert str(info.value) == _NOTHING + ("[<tf.Variable 'v:0' shape=() dtype=float32, numpy=2.0>, "
                                          "<tf.Variable 'save_counter:0' shape=() dtype=int64, numpy=0>]")
    # a saved save counter pairs with the new one: that is a match besides the root
    tf.train.Checkpoint(net=module).restore(saved).expect_partial().assert_nontrivial_match()
