#!/bin/sh
# The day prod-a was lost: payments failed over to prod-b (KIP-1279's --stop makes the
# mirror topics writable), orders still mirrored.
cat > a-to-b.properties <<EOF
bootstrap.servers=kafka-a-0.prod-a.internal:9092
EOF
kafka-cluster-mirrors.sh --bootstrap-server kafka-b-0.prod-b.internal:9092 --create --mirror a-to-b --mirror-config a-to-b.properties
kafka-cluster-mirrors.sh --bootstrap-server kafka-b-0.prod-b.internal:9092 --start --mirror a-to-b --topics orders
kafka-cluster-mirrors.sh --bootstrap-server kafka-b-0.prod-b.internal:9092 --start --mirror a-to-b --topics payments
kafka-cluster-mirrors.sh --bootstrap-server kafka-b-0.prod-b.internal:9092 --stop --mirror a-to-b --topics payments
