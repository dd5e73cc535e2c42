"""tf.data.Options as TF 2.21 freezes and copies them.

- ``ds.options()`` is a frozen copy: setting any option on it (or on a group in it) is TF's ValueError
  'Mutating `tf.data.Options()` returned by `tf.data.Dataset.options()` has no effect. ...'; tapeflow let it
  change silently.
- ``ds.with_options(o)`` copies o's settings: a later ``o.deterministic = True`` does not reach the dataset
  (TF prints False; tapeflow kept o itself and printed True). A group o set (``o.autotune``) that the dataset's
  options leave unset is taken as it is and frozen, so changing it afterwards is that ValueError.
Observed with TF 2.21 (probes dp3.py, dp4.py in /work/notes/progs/tutorials36; _mutable read back on TF).
"""
import pytest

import framework as tf

MUTATING = r'^Mutating `tf\.data\.Options\(\)` returned by `tf\.data\.Dataset\.options\(\)` has no effect\. ' \
           r'Use `tf\.data\.Dataset\.with_options\(options\)` to set or update dataset options\.$'


def test_returned_options_are_frozen():
    got = tf.data.Dataset.range(3).options()
    with pytest.raises(ValueError, match=MUTATING):
        got.deterministic = False
    with pytest.raises(ValueError, match=MUTATING):
        got.autotune.enabled = False
    assert got.deterministic is None


def test_with_options_copies_top_level_settings():
    o = tf.data.Options()
    o.deterministic = False
    d2 = tf.data.Dataset.range(3).with_options(o)
    o.deterministic = True                  # o stays mutable at the top
    o.threading.private_threadpool_size = 2
    assert d2.options().deterministic is False
    o3 = tf.data.Options()
    o3.autotune.cpu_budget = 3
    d3 = d2.with_options(o3)
    o3.deterministic = True
    assert (d3.options().deterministic, d3.options().autotune.cpu_budget) == (False, 3)


def test_a_set_group_is_frozen_once_taken():
    o = tf.data.Options()
    o.autotune.cpu_budget = 2
    o.threading.private_threadpool_size = 4
    ds = tf.data.Dataset.range(10).with_options(o)
    with pytest.raises(ValueError, match=MUTATING):
        o.autotune.cpu_budget = 'a'
    assert ds.options().autotune.cpu_budget == 2
    fresh = tf.data.Options()
    fresh.deterministic = False
    tf.data.Dataset.range(10).with_options(fresh)
    fresh.threading.private_threadpool_size = 3      # a group it did not set stays open
