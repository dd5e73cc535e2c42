"""The graph names TF 2.21 gives tf.lookup tables' ops in a trace (graph_op_names' 'table_*' rows).

A table's lookup or size opens a name scope, ``name`` if given, else the table's name then the op's
('vocab_Lookup', and 'None_Lookup' for the hash tables, whose name is None), and its last op sits
inside: a StaticVocabularyTable's lookup ends in SelectV2 (the OOV buckets chosen where the find missed),
its size in add (keys + buckets); the hash tables' in LookupTableFindV2 / LookupTableSizeV2. Measured
by printing each result in a tf.function (notes/progs/tutorials57/probes/lookup_trace.py).
"""
KINDS = frozenset(('table_lookup', 'table_find', 'table_size'))

_SCOPES = {'table_lookup': 'Lookup', 'table_find': 'lookup_table_find', 'table_size': 'Size'}


def op_name(kind, parameters):
    """'scope/Op' for a table's call of ``kind`` with ``parameters`` (its ``name`` taken into the scope), or
    None for a table TF 2.21 was not measured on (DenseHashTable: its value prints)."""
    from .lookup import MutableHashTable, StaticHashTable, StaticVocabularyTable
    table = parameters.get('self')
    if type(table) not in (StaticVocabularyTable, StaticHashTable, MutableHashTable):
        return None
    vocabulary = type(table) is StaticVocabularyTable
    if kind == 'table_lookup':
        op = 'SelectV2' if vocabulary else 'LookupTableFindV2'
    else:
        op = {'table_find': 'LookupTableFindV2', 'table_size': 'add' if vocabulary else 'LookupTableSizeV2'}[kind]
    given = parameters.pop('name', None)        # (the scope's name, not the op's)
    scope = given if isinstance(given, str) and given else '%s_%s' % (table.name, _SCOPES[kind])
    return '%s/%s' % (scope, op)


def place(trace, parameters, outputs):
    """A MutableHashTable's ops run on its resource's device: TF 2.21's graph tensors print
    ', device=/job:localhost/replica:0/task:0/device:CPU:0' (the static tables' print none)."""
    from .lookup import MutableHashTable
    if type(parameters.get('self')) is MutableHashTable:
        for tensor in outputs:
            trace.place_on_host(tensor, 'CPU:0')
