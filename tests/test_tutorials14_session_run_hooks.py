"""tf.compat.v1.train's session-run hook API (SessionRunHook, SessionRunArgs, SessionRunContext,
SessionRunValues): TF 2.21 still exports these plain-Python classes there, and the guide/migrate notebooks
(sessionrunhook_callback, fault_tolerance) subclass SessionRunHook; tapeflow's tf1.train was tf.train, so
defining the hook raised AttributeError. TF 2's tf.train does not have them.

Goldens printed by TF 2.21 (/work/notes/progs/tutorials14/probe_hooks.py).
"""
import pytest

import framework as tf
import framework.compat.v1 as tf1


def test_session_run_args_is_the_namedtuple_with_optional_feeds():
    args = tf1.train.SessionRunArgs('loss')
    assert repr(args) == "SessionRunArgs(fetches='loss', feed_dict=None, options=None)"
    assert tuple(args) == ('loss', None, None)
    assert args._fields == ('fetches', 'feed_dict', 'options')
    assert repr(tf1.train.SessionRunArgs(fetches=[1], feed_dict={'x': 2}, options='o')) == \
        "SessionRunArgs(fetches=[1], feed_dict={'x': 2}, options='o')"
    with pytest.raises(TypeError, match=r"SessionRunArgs.__new__\(\) missing 1 required positional argument: "
                                        r"'fetches'"):
        tf1.train.SessionRunArgs()
    args.note = 1       # TF's subclass has no __slots__: its instances take attributes


def test_session_run_values_needs_all_three_fields():
    values = tf1.train.SessionRunValues(results={'s': 3}, options=None, run_metadata=None)
    assert repr(values) == "SessionRunValues(results={'s': 3}, options=None, run_metadata=None)"
    assert values._fields == ('results', 'options', 'run_metadata')
    with pytest.raises(TypeError, match=r"SessionRunValues.__new__\(\) missing 2 required positional arguments: "
                                        r"'options' and 'run_metadata'"):
        tf1.train.SessionRunValues(1)


def test_session_run_context_records_a_stop_request():
    args = tf1.train.SessionRunArgs('train_op')
    context = tf1.train.SessionRunContext(original_args=args, session=None)
    assert context.original_args is args and context.session is None and context.stop_requested is False
    context.request_stop()
    assert context.stop_requested is True
    with pytest.raises(AttributeError, match="property 'stop_requested' of 'SessionRunContext' object has no setter"):
        context.stop_requested = False


def test_a_subclassed_hook_runs_as_a_tf1_loop_would_drive_it():
    base = tf1.train.SessionRunHook()
    context = tf1.train.SessionRunContext(tf1.train.SessionRunArgs('train_op'), None)
    assert [base.begin(), base.after_create_session(None, None), base.before_run(context),
            base.after_run(context, None), base.end(None)] == [None] * 5

    class Counter(tf1.train.SessionRunHook):
        def begin(self):
            self.n = 0

        def before_run(self, run_context):
            self.n += 1
            return tf1.train.SessionRunArgs(fetches=self.n)

        def after_run(self, run_context, run_values):
            if run_values.results >= 3:
                run_context.request_stop()

    hook = Counter()
    hook.begin()
    while not context.stop_requested:
        asked = hook.before_run(context)
        hook.after_run(context, tf1.train.SessionRunValues(asked.fetches, None, None))
    assert hook.n == 3


def test_only_the_v1_namespace_has_them_and_it_keeps_tf_train_names():
    assert not hasattr(tf.train, 'SessionRunHook')
    assert 'SessionRunHook' in dir(tf1.train) and 'Checkpoint' in dir(tf1.train)
    assert tf1.train.CheckpointManager is tf.train.CheckpointManager
    assert tf.compat.v1.train.SessionRunHook is tf1.train.SessionRunHook
    with pytest.raises(AttributeError):
        tf1.train.NoSuchName
