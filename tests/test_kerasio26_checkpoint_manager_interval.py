"""tf.train.CheckpointManager's checkpoint_interval as TF 2.21 counts it.

Every save records its step, check_interval=False included, and a save at the step last saved is
skipped whatever check_interval says; restore_or_initialize counts the interval from the restored
step; last_checkpoint_step seeds it. tapeflow recorded only checked saves, so after
mgr.save(check_interval=False) at step 8 the next checked save at step 12 (interval 5) was
written, and the one at 16 skipped, the other way round from TF.
Expected values: TF 2.21 running /work/notes/progs/kerasio26/p23_mgr_interval.py (and p21).
"""
import os

import framework as tf


def test_interval_counts_from_every_save(tmp_path):
    step = tf.Variable(0, dtype=tf.int64)
    ck = tf.train.Checkpoint(v=tf.Variable(1.0), step=step)
    directory = str(tmp_path / 'a')
    mgr = tf.train.CheckpointManager(ck, directory, max_to_keep=None, step_counter=step, checkpoint_interval=3)
    saved = []
    for s, check in [(0, True), (0, False), (1, True), (2, False), (3, True), (4, True), (5, True), (5, False),
                     (8, True), (9, False)]:
        step.assign(s)
        path = mgr.save(check_interval=check)
        saved.append(None if path is None else os.path.relpath(path, str(tmp_path)))
    assert saved == ['a/ckpt-1', None, None, 'a/ckpt-2', None, None, 'a/ckpt-3', None, 'a/ckpt-4', 'a/ckpt-5']

    again = tf.train.CheckpointManager(ck, directory, max_to_keep=None, step_counter=step, checkpoint_interval=3)
    step.assign(100)
    assert os.path.relpath(again.restore_or_initialize(), str(tmp_path)) == 'a/ckpt-5'
    assert int(step.numpy()) == 9
    results = []
    for s in (9, 10, 11, 12):
        step.assign(s)
        results.append(again.save())
    assert results[:3] == [None, None, None] and os.path.relpath(results[3], str(tmp_path)) == 'a/ckpt-6'


def test_last_checkpoint_step_seeds_the_interval(tmp_path):
    step = tf.Variable(0, dtype=tf.int64)
    ck = tf.train.Checkpoint(step=step)
    mgr = tf.train.CheckpointManager(ck, str(tmp_path / 'b'), max_to_keep=2, step_counter=step,
                                     checkpoint_interval=2, last_checkpoint_step=20)
    results = []
    for s in (20, 21, 22):
        step.assign(s)
        results.append(mgr.save())
    assert results[:2] == [None, None] and results[2].endswith('ckpt-1')
    # without an interval the argument is ignored: every save is written
    plain = tf.train.CheckpointManager(ck, str(tmp_path / 'c'), max_to_keep=2, last_checkpoint_step=22)
    assert plain.save().endswith('ckpt-2') and plain.save().endswith('ckpt-3')
