"""The Python side effects of a traced ``for`` loop over a tensor, as TensorFlow's single trace of its body leaves them.

AutoGraph turns ``for v in x:`` over a tensor into a tf.while_loop whose body it traces once: a global
list that the body appends to holds one item after the trace, the graph tensor of that one turn (TF 2.21:
['Tensor("while/TensorArrayV2Read/TensorListGetItem:0", shape=(), dtype=float32)'] for a 3-row x;
notes/progs/kerasops5/loopside.py, kerasops7/loop2.py). tapeflow runs the body once per row, so the later
turns appended their eager values too. Here the lists and sets the loop's code names (its globals and
closure variables) are put back, when the loop ends, as the first turn left them. Dicts are left alone:
AutoGraph makes an item the body assigns a loop variable, whose value after the loop is the loop's.
"""

_CONTAINERS = (list, set)


def first_turn_only(turns, frame):
    """``turns`` (the rows a traced ``for`` statement at ``frame`` takes), the lists and sets its code names
    put back at the loop's end as they were when the first turn ended."""
    turns = iter(turns)
    try:
        first = next(turns)
    except StopIteration:
        return
    yield first
    kept = None
    try:
        for item in turns:
            if kept is None:        # (the second turn starts: what the first, the traced one, left)
                kept = _contents(frame)
            yield item
    finally:
        if kept:
            _put_back(kept)


def _contents(frame):
    """[(container, a copy of its items)] for the lists and sets ``frame``'s code names as a global or a
    closure variable."""
    code = frame.f_code
    named = [frame.f_globals.get(name) for name in code.co_names]
    if code.co_freevars:
        local = frame.f_locals
        named += [local.get(name) for name in code.co_freevars]
    found, seen = [], set()
    for value in named:
        if type(value) in _CONTAINERS and id(value) not in seen:
            seen.add(id(value))
            found.append((value, list(value)))
    return found


def _put_back(kept):
    for container, items in kept:
        if type(container) is list:
            container[:] = items
        else:
            container.clear()
            container.update(items)
