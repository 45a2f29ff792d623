"""Design table of the World Diplomacy (31 countries) board: every land area with its continent, number, name,
city, owner at the start and seed points; every sea zone with its abbreviation and seed points; the start
positions exactly as the rules print them. ``make_map.py`` turns this into ``seeds.json`` and ``map.json``.

Land rows: ``number | name | city (or -) | owner (or -) | lat,lon; lat,lon ...`` (seed points for the builder).
"""
from __future__ import annotations

POWERS = [
    # id, name, adjective, colour, owner code used below
    ("CANADA", "Canada", "Canadian", "#c0392b", "CAN"),
    ("QUEBEC", "Quebec", "Quebecois", "#5dade2", "QUE"),
    ("UNITED_STATES", "United States", "American", "#1f3a93", "USA"),
    ("MEXICO", "Mexico", "Mexican", "#27ae60", "MEX"),
    ("CUBA", "Cuba", "Cuban", "#e67e22", "CUB"),
    ("COLOMBIA", "Colombia", "Colombian", "#f1c40f", "COL"),
    ("PERU", "Peru", "Peruvian", "#a93226", "PER"),
    ("ARGENTINA", "Argentina", "Argentine", "#85c1e9", "ARG"),
    ("BRAZIL", "Brazil", "Brazilian", "#1e8449", "BRA"),
    ("UNITED_KINGDOM", "United Kingdom", "British", "#8e44ad", "UK"),
    ("FRANCE", "France", "French", "#3498db", "FRA"),
    ("SPAIN", "Spain", "Spanish", "#d4ac0d", "SPA"),
    ("GERMANY", "Germany", "German", "#566573", "GER"),
    ("ITALY", "Italy", "Italian", "#48c9b0", "ITA"),
    ("POLAND", "Poland", "Polish", "#ec7063", "POL"),
    ("UKRAINE", "Ukraine", "Ukrainian", "#f4d03f", "UKR"),
    ("RUSSIA", "Russia", "Russian", "#6c3483", "RUS"),
    ("TURKEY", "Turkey", "Turkish", "#d35400", "TUR"),
    ("LIBYA", "Libya", "Libyan", "#229954", "LIB"),
    ("COTE_DIVOIRE", "Cote d'Ivoire", "Ivorian", "#f39c12", "CIV"),
    ("ZAIRE", "Zaire", "Zairean", "#117a65", "ZAI"),
    ("SOUTH_AFRICA", "South Africa", "South African", "#b9770e", "SAF"),
    ("ETHIOPIA", "Ethiopia", "Ethiopian", "#7d3c98", "ETH"),
    ("SAUDI_ARABIA", "Saudi Arabia", "Saudi", "#196f3d", "SAU"),
    ("SYRIA", "Syria", "Syrian", "#cb4335", "SYR"),
    ("IRAN", "Iran", "Iranian", "#2e86c1", "IRN"),
    ("INDIA", "India", "Indian", "#ff8c00", "IND"),
    ("CHINA", "China", "Chinese", "#e74c3c", "CHI"),
    ("JAPAN", "Japan", "Japanese", "#f5b7b1", "JAP"),
    ("INDONESIA", "Indonesia", "Indonesian", "#a04000", "INA"),
    ("AUSTRALIA", "Australia", "Australian", "#2874a6", "AUS"),
]

# The start positions of the rules (section 8), verbatim: country, then "{TAG} K N" items; a tag carries on.
START = """
Canada: {NA} F 5, F 7, F 11, F 14, A 12, A 16
Quebec: {NA} F 24, F 21, A 18
United States: {NA} F 3, F 32, F 34, F 38, F 40, F 25 (sc), F 41, A 35, A 36, A 28, A 26
Mexico: {SA} F 42, F 45, F 50, A 47, A 49
Cuba: {SA} F 52, F 53, F 54
Colombia: {SA} F 66, A 65, A 67
Peru: {SA} F 85, F 87, A 86, A 89
Argentina: {SA} F 96, F 95, A 94
Brazil: {SA} F 80, F 81, F 84, A 78
United Kingdom: {SA} F 99, {EP} F 3, F 6, F 7, F 23
France: {EP} F 16, A 14, A 13, A 15
Spain: {EP} F 22, F 19, A 21
Germany: {EP} F 26, F 33, A 32, A 35
Italy: {EP} F 43, F 39, A 44, A 40
Poland: {EP} F 52, A 53, A 54
Ukraine: {EP} F 75, A 71, A 72, A 73
Russia: {EP} F 66, F 67, F 77, {AS} F 21, F 26, {EP} A 68, A 69, {AS} A 2, A 20
Turkey: {EP} F 81, F 82, A 80, A 84
Libya: {AF} F 3, F 4, A 5
Cote d'Ivoire: {AF} F 18, F 19, A 21
Zaire: {AF} F 35, A 33, A 32, A 36
South Africa: {AF} F 49, F 48, A 45
Ethiopia: {AF} F 28, A 27, A 26
Saudi Arabia: {ME} F 101, F 103, A 95, A 98
Syria: {ME} F 91, A 111, A 92
Iran: {ME} F 100, A 96, A 99
India: {AS} F 10, F 11, A 9, A 12, A 16
China: {AS} F 36, F 38, F 39, A 37, A 17, A 19
Japan: {AS} F 32, F 33, F 34, F 35
Indonesia: {OC} F 47, F 54, A 53
Australia: {OC} F 61, F 63, F 66, F 67, F 65, A 64
"""

CONTINENTS = {
    "NA": "North America", "SA": "South America", "EP": "Europe", "AF": "Africa",
    "ME": "Middle East", "AS": "Asia", "OC": "Oceania", "AA": "Antarctica",
}

LAND = {
"NA": """
1|North Slope|-|USA|69.5,-152
2|Western Alaska|Nome|USA|64.5,-159
3|Southern Alaska|Anchorage|USA|61.3,-149.5;62.5,-143.5
4|Yukon|Whitehorse|CAN|64,-135
5|British Columbia|Vancouver|CAN|50,-122.5;54.5,-126;49.7,-125.5
6|Northwest Territories|Yellowknife|CAN|63,-118;67,-125
7|Kitikmeot|Cambridge Bay|CAN|67.5,-105;70.5,-110
8|Baffin Island|Iqaluit|CAN|68,-70;63.9,-68.5
9|Arctic Archipelago|Resolute|CAN|79,-80;75,-95;75.90,-109.46
10|Alberta|Edmonton|CAN|54,-114
11|Manitoba|Winnipeg|CAN|50.5,-97.5;57.5,-95
12|Saskatchewan|Regina|CAN|52,-106
13|Kivalliq|Rankin Inlet|CAN|63,-95
14|Northern Ontario|Thunder Bay|CAN|52,-86;54.5,-84
15|Labrador|Goose Bay|CAN|53.5,-62
16|Southern Ontario|Toronto|CAN|44,-79.5;46.5,-81
17|Nunavik|Kuujjuaq|QUE|58,-72
18|Abitibi|Val-d'Or|QUE|48.5,-77.5
19|James Bay|Radisson|QUE|53.5,-76
20|Cote-Nord|Sept-Iles|QUE|51,-67
21|Quebec|Quebec City|QUE|46.8,-71.3;47.6,-70.2
22|Newfoundland|St. John's|CAN|48.5,-56;47.6,-52.9
23|Maritimes|Halifax|CAN|45,-63.5;46.5,-66
24|Montreal|Montreal|QUE|45.5,-73.6;46.5,-75
25|New York|New York City|USA|42.9,-75.5;41.2,-74.3
26|New England|Boston|USA|42.4,-71.5;44.5,-69.5
27|Pennsylvania|Philadelphia|USA|40.5,-77.5;40,-75.3
28|Michigan|Detroit|USA|42.8,-84;44.5,-85
29|Illinois|Chicago|USA|41.5,-88.5;44,-89.5
30|Virginia|Washington|USA|38,-78.5
31|Minnesota|Minneapolis|USA|46,-94;47.5,-100
32|Washington|Seattle|USA|47.5,-121;45,-120
33|Rocky Mountains|Denver|USA|40,-106;45,-110
34|Northern California|San Francisco|USA|38.5,-121.5;40.5,-117
35|Missouri|St. Louis|USA|38.5,-91.5;39,-97
36|Texas|Houston|USA|31,-97.5;29.8,-95.4
37|Tennessee|Memphis|USA|35.5,-88;34.5,-92
38|Florida|Miami|USA|28,-81.5;26,-80.5
39|Georgia|Atlanta|USA|33.5,-83.5;35,-80
40|Louisiana|New Orleans|USA|30.5,-91.5;32,-90.5
41|Southern California|Los Angeles|USA|34.5,-117.5;33.5,-112
""",
"SA": """
42|Baja California|Tijuana|MEX|31,-115.5;27,-113
43|Sonora|Hermosillo|MEX|29.5,-110.5
44|Chihuahua|Chihuahua|MEX|28.5,-106
45|Sinaloa|Mazatlan|MEX|24.5,-107;23.36,-106.23
46|Nuevo Leon|Monterrey|MEX|25.7,-100.3;24,-98.5
47|Jalisco|Guadalajara|MEX|20.7,-103.4
48|Veracruz|Veracruz|MEX|19.2,-96.5;21,-98
49|Mexico City|Mexico City|MEX|19.4,-99.1;18,-99.5
50|Yucatan|Merida|MEX|20.5,-89;18.5,-90.5
51|Guatemala|Guatemala City|-|15,-90.5
52|Havana|Havana|CUB|22.63,-83.12;23,-82.4
53|Camaguey|Camaguey|CUB|21.7,-79.5
54|Oriente|Santiago de Cuba|CUB|20.4,-76.2
55|Hispaniola|Santo Domingo|-|19,-71
56|Nicaragua|Managua|-|13,-85.5;14.5,-87
57|Panama|Panama City|-|8.8,-80
58|Caracas|Caracas|-|10,-66.5;9,-69
59|Guyana|Georgetown|-|5.5,-58.5
60|Suriname|Paramaribo|-|4.5,-55;4,-53
61|Ecuador|Quito|-|-1.5,-78.5
62|Orinoco|Ciudad Bolivar|-|6.5,-63.5
63|Maracaibo|Maracaibo|-|10.20,-72.06
64|Llanos|Villavicencio|COL|4,-71.5;1,-72
65|Bogota|Bogota|COL|4.7,-74.1
66|Cartagena|Cartagena|COL|10.4,-75.5;8.5,-75
67|Cali|Cali|COL|3.4,-76.5;6.2,-75.8
68|Amazonas|Manaus|BRA|-3.1,-60;-5,-66
69|Para|Belem|BRA|-3,-50.5;-1.72,-48.65
70|Acre|Rio Branco|BRA|-9.5,-68
71|Mato Grosso|Cuiaba|BRA|-13,-56
72|Bahia|Salvador|BRA|-12.5,-41.5;-12.65,-38.32
73|La Paz|La Paz|-|-16.5,-68.1;-19.5,-66.5
74|Santa Cruz|Santa Cruz|-|-16.5,-62.5
75|Paraguay|Asuncion|-|-23.5,-58
76|Uruguay|Montevideo|-|-32.8,-56
77|Pernambuco|Recife|BRA|-8,-36.5;-5.5,-40
78|Brasilia|Brasilia|BRA|-15.8,-47.9;-10,-48
79|Maranhao|Sao Luis|BRA|-4.5,-45
80|Rio de Janeiro|Rio de Janeiro|BRA|-22.5,-42.8
81|Sao Paulo|Sao Paulo|BRA|-23.5,-46.6;-22,-49.5
82|Minas Gerais|Belo Horizonte|BRA|-19,-44.5
83|Parana|Curitiba|BRA|-25.5,-51
84|Rio Grande do Sul|Porto Alegre|BRA|-30,-52.5
85|Lima|Lima|PER|-12,-76.5
86|Cuzco|Cuzco|PER|-13.5,-72
87|Trujillo|Trujillo|PER|-7.5,-78.5
88|Loreto|Iquitos|PER|-4.5,-74
89|Arequipa|Arequipa|PER|-16.4,-71.5
90|Antofagasta|Antofagasta|-|-23.6,-69.5
91|Central Chile|Santiago|-|-33.5,-70.8
92|Los Lagos|Puerto Montt|-|-40.5,-72.5
93|Aysen|Punta Arenas|-|-46,-72.8;-50.5,-73.5
94|Cordoba|Cordoba|ARG|-31.4,-64.2
95|Buenos Aires|Buenos Aires|ARG|-35,-59;-37.5,-58
96|Patagonia|Comodoro Rivadavia|ARG|-45.8,-68.5;-42,-67
97|Tierra del Fuego|Ushuaia|ARG|-54,-67.5;-50,-69.5
98|Tucuman|Tucuman|ARG|-26.8,-65.2;-25,-62
99|Falkland Islands|Stanley|UK|-51.7,-58.8;-51.7,-60
""",
"EP": """
1|Greenland|Nuuk|-|64.07,-50.45;72,-40;78,-45
2|Iceland|Reykjavik|-|64.8,-19
3|Scotland|Edinburgh|UK|56.5,-4;57.5,-4.5
4|Ireland|Dublin|-|53.3,-7.5
5|West Country|Bristol|UK|51,-3.3;50.5,-4.5
6|Lancashire|Liverpool|UK|53.3,-2.8;52.5,-3.7
7|London|London|UK|51.8,-0.5;53.2,-0.5
8|Northern Norway|Tromso|-|68.29,17.01;70,25
9|Norway|Oslo|-|60.5,9;62.5,7
10|Sweden|Stockholm|-|59.5,16;57.5,14.5
11|Norrland|-|-|65.5,18
12|Finland|Helsinki|-|61.5,25;65,27
13|Brittany|Rennes|FRA|48,-2.5
14|Paris|Paris|FRA|48.9,2.3;50,2.5
15|Lyon|Lyon|FRA|46,4.8;47.5,6
16|Marseille|Marseille|FRA|43.8,5.5;43.6,3
17|Aquitaine|Bordeaux|FRA|44.8,-0.5;45.5,1.5
18|Portugal|Lisbon|-|39.5,-8.2
19|Cantabria|Bilbao|SPA|43,-4;42.8,-7.5
20|Andalusia|Seville|SPA|38.3,-4.8
21|Madrid|Madrid|SPA|40.3,-3.8
22|Catalonia|Barcelona|SPA|41.5,1;39.5,-0.6
23|Gibraltar|Gibraltar|UK|36.4,-5.5
24|Belgium|Brussels|-|50.7,4.5
25|Netherlands|Amsterdam|-|52.3,5.5
26|Hamburg|Hamburg|GER|53.6,10;54.3,10.1
27|Denmark|Copenhagen|-|56,9.2;55.5,11.8
28|Switzerland|Zurich|-|46.7,7.6
29|Austria|Vienna|-|47.5,14.5;48.2,16.3
30|Bohemia|Prague|-|49.8,15.5
31|Rhineland|Cologne|GER|50.5,7.2
32|Berlin|Berlin|GER|52.5,13.4
33|Mecklenburg|Rostock|GER|53.9,12.2
34|Saxony|Leipzig|GER|51,12.5
35|Bavaria|Munich|GER|48.5,11.5
36|Hungary|Budapest|-|47,19.5;48.5,19
37|Croatia|Zagreb|-|45.5,16;44,15.8
38|Serbia|Belgrade|-|44,20.8;44,18
39|Venice|Venice|ITA|45.7,12.3
40|Milan|Milan|ITA|45.3,9
41|Tuscany|Florence|ITA|43.5,11.2
42|Sardinia|Cagliari|ITA|40,9
43|Naples|Naples|ITA|40.8,15;39,16.5
44|Rome|Rome|ITA|42,13
45|Sicily|Palermo|ITA|37.5,14
46|Albania|Tirana|-|41.2,20;42.5,19.3
47|Greece|Athens|-|38.5,22.3
48|Macedonia|Thessaloniki|-|40.9,22.5
49|Bulgaria|Sofia|-|42.7,25
50|Wallachia|Bucharest|-|44.6,26;45.5,28
51|Transylvania|Cluj|-|46.7,23.8
52|Gdansk|Gdansk|POL|54,18.3;53.5,15.5
53|Warsaw|Warsaw|POL|52.2,21
54|Krakow|Krakow|POL|50.3,19.8;51,17
55|Lithuania|Vilnius|-|55.2,24
56|Latvia|Riga|-|56.9,25
57|Estonia|Tallinn|-|58.8,25.5
58|Belarus|Minsk|-|53.5,27.5;52.5,30
59|Smolensk|Smolensk|RUS|54.8,32.5
60|Novgorod|Novgorod|RUS|58,31.5
61|Karelia|Petrozavodsk|RUS|63,33
62|Kola|Murmansk|RUS|68,35
63|Komi|Syktyvkar|RUS|63,53;66,58
64|Vologda|Vologda|RUS|59.5,40
65|Perm|Perm|RUS|58.5,56
66|St. Petersburg|St. Petersburg|RUS|59.8,30.5
67|Arkhangelsk|Arkhangelsk|RUS|64.5,41;66.5,46
68|Moscow|Moscow|RUS|55.7,37.6
69|Nizhny Novgorod|Nizhny Novgorod|RUS|56.3,44
70|Kazan|Kazan|RUS|55.8,49.5
71|Kiev|Kiev|UKR|50.5,30.5
72|Kharkiv|Kharkiv|UKR|49.5,36
73|Lviv|Lviv|UKR|49.5,24.5
74|Voronezh|Voronezh|RUS|51.7,39.2
75|Odessa|Odessa|UKR|47,30.5;47.5,28.5
76|Crimea|Sevastopol|UKR|45,34;46.8,35.5
77|Rostov|Rostov-on-Don|RUS|47.2,39.7;45,39
78|Volga|Astrakhan|RUS|46.8,47;48.7,44.5
79|Samara|Samara|RUS|53,50.5;51.5,55
80|Istanbul|Istanbul|TUR|41.1,28.8;41.5,26.8;40.9,29.3
81|Izmir|Izmir|TUR|38.5,27.5
82|Samsun|Samsun|TUR|41,36.3;40.8,39.5
83|Antalya|Antalya|TUR|37,31;37,35.3
84|Ankara|Ankara|TUR|39.5,32.5
85|Caucasus|Tbilisi|-|42,43.8;43.3,44.5
86|Transcaucasia|Baku|-|40.3,48;40,45
87|Eastern Anatolia|Erzurum|TUR|39.5,41.5;38.5,38.5
""",
"AF": """
1|Morocco|Rabat|-|33,-6.5;31,-8
2|Algeria|Algiers|-|35.5,2.5;28,2
3|Tripolitania|Tripoli|LIB|32.2,13.5;31,11.5
4|Cyrenaica|Benghazi|LIB|31.5,21;29,22
5|Fezzan|Sabha|LIB|26.5,14
6|Tunisia|Tunis|-|35.5,9.8
7|Egypt|Cairo|-|30,31;26,31;29,33.8
8|Western Sahara|Laayoune|-|25,-13
9|Mauritania|Nouakchott|-|19.5,-13
10|Mali|Bamako|-|15,-4;20,-1
11|Niger|Niamey|-|16,8;20,10
12|Chad|N'Djamena|-|13.5,18.5;18.5,19
13|Sudan|Khartoum|-|16,32.5;19.5,36;13,26
14|Senegal|Dakar|-|14.5,-15.5
15|Guinea|Conakry|-|10.5,-11.5
16|Liberia|Monrovia|-|7,-10
17|Burkina Faso|Ouagadougou|-|12.3,-1.5
18|San-Pedro|San-Pedro|CIV|5.2,-6.5
19|Abidjan|Abidjan|CIV|5.5,-4
20|Ghana|Accra|-|6.5,-1.2
21|Bouake|Bouake|CIV|8,-5.5
22|Lagos|Lagos|-|7.5,5
23|Kano|Kano|-|11.5,8.5
24|Cameroon|Douala|-|5,11.5
25|Central Africa|Bangui|-|6.5,20.5
26|Addis Ababa|Addis Ababa|ETH|8.5,38.5;6.5,40
27|Gondar|Gondar|ETH|12.5,37.5
28|Eritrea|Massawa|ETH|15.5,39;13.5,41
29|Somalia|Mogadishu|-|3,45;9,47
30|South Sudan|Juba|-|7.5,30
31|Gabon|Libreville|-|0,11;-2.5,11.5
32|Kinshasa|Kinshasa|ZAI|-4.5,16.5
33|Kisangani|Kisangani|ZAI|0.5,25.2;2.5,21
34|Kasai|Kananga|ZAI|-5.9,22.4
35|Bas-Congo|Matadi|ZAI|-5.9,12.6
36|Katanga|Lubumbashi|ZAI|-10,26.5
37|Angola|Luanda|-|-9,13.5;-12.5,17
38|Zambia|Lusaka|-|-14,27.5
39|Kenya|Nairobi|-|-1,37.5
40|Uganda|Kampala|-|1.5,32.5
41|Tanzania|Dar es Salaam|-|-6.5,36
42|Mozambique|Beira|-|-19,35;-14,38.5
43|Madagascar|Antananarivo|-|-19,46.8
44|Namibia|Windhoek|-|-22,17
45|Transvaal|Johannesburg|SAF|-26,28
46|Botswana|Gaborone|-|-22,24
47|Zimbabwe|Harare|-|-18.5,30
48|Natal|Durban|SAF|-29.5,30.5
49|Cape|Cape Town|SAF|-32.5,20.5;-33.9,18.6
""",
"ME": """
90|Aleppo|Aleppo|SYR|36.2,37.5
91|Latakia|Latakia|SYR|35.02,36.13;34.2,35.7
92|Damascus|Damascus|SYR|33.3,36.8
93|Israel|Jerusalem|-|31.8,34.9;30.8,34.8
94|Jordan|Amman|-|31.5,36.3;29.7,35.5
95|Riyadh|Riyadh|SAU|24.7,46.7
96|Tehran|Tehran|IRN|35.7,51.4
97|Tabriz|Tabriz|IRN|38,46.3
98|Hail|Ha'il|SAU|27.5,41.7;29.8,39.5
99|Isfahan|Isfahan|IRN|32.6,51.7
100|Hormozgan|Bandar Abbas|IRN|27.2,56.3;28,54
101|Hejaz|Jeddah|SAU|21.5,39.5;24.5,39.6
102|Yemen|Sana'a|-|15.5,44.2;14.18,47.87
103|Eastern Province|Dammam|SAU|26.4,50;22,50
104|Oman|Muscat|-|22,57.5;19,55
105|Emirates|Abu Dhabi|-|24.2,54.5
106|Asir|Abha|SAU|18.5,43
107|Basra|Basra|-|30.5,47.5
108|Baghdad|Baghdad|-|33.3,44.4
109|Mosul|Mosul|-|36.3,43.1
110|Afghanistan|Kabul|-|34.5,69;32,64
111|Euphrates|Deir ez-Zor|SYR|35.3,40.1
112|Khuzestan|Ahvaz|IRN|31.3,48.7
113|Khorasan|Mashhad|IRN|36.3,59.6
114|Baluchistan|Zahedan|IRN|28,60.5
""",
"AS": """
1|Yamal|Salekhard|RUS|67,70;70,72
2|Yekaterinburg|Yekaterinburg|RUS|57,61
3|Omsk|Omsk|RUS|55,73.4;60,75
4|North Kazakhstan|Astana|-|51,71.4;49,63
5|Semirechye|Almaty|-|44,77;42.5,74.6
6|Uzbekistan|Tashkent|-|41.3,69.3;42,61
7|Turkmenistan|Ashgabat|-|39,58.5;40,54
8|Pakistan|Karachi|-|25.5,67.5;30,70
9|Delhi|Delhi|IND|28.6,77.2;31,75.5
10|Bombay|Bombay|IND|19,73.5;22.5,71
11|Madras|Madras|IND|13,79.8;10,78
12|Hyderabad|Hyderabad|IND|17.4,78.5
13|Nepal|Kathmandu|-|28,84
14|Bengal|Calcutta|IND|22.5,87.5;21,85
15|Sri Lanka|Colombo|-|7.5,80.7
16|Lucknow|Lucknow|IND|26.8,81;24,78
17|Tibet|Lhasa|CHI|30.5,88;33,82
18|Bangladesh|Dhaka|-|23.8,90.4
19|Xinjiang|Urumqi|CHI|43.8,87.6;39.5,78;40,90
20|Irkutsk|Irkutsk|RUS|53,104;57,108
21|Vladivostok|Vladivostok|RUS|44.5,134;48.5,135
22|Yakutsk|Yakutsk|RUS|62,129.7;67,125
23|Krasnoyarsk|Krasnoyarsk|RUS|56,93;63,90;70,90;73.5,100
24|Chukotka|Anadyr|RUS|65.5,172;66.59,-173.82
25|Magadan|Magadan|RUS|60,151;64,150
26|Kamchatka|Petropavlovsk|RUS|55,159;53.1,158.6
27|Sakhalin|Yuzhno-Sakhalinsk|RUS|49,142.8;52.5,143
28|Mongolia|Ulaanbaatar|-|47.9,106.9;46,97
29|Manchuria|Harbin|CHI|45.8,126.6;49,124;43.5,122
30|North Korea|Pyongyang|-|40,127
31|South Korea|Seoul|-|36.5,127.8
32|Hokkaido|Sapporo|JAP|43.2,142.5
33|Tokyo|Tokyo|JAP|36,139.7;38.5,140.5
34|Osaka|Osaka|JAP|34.8,135.5;35,133
35|Kyushu|Fukuoka|JAP|32.8,130.8
36|Beijing|Beijing|CHI|39.9,116.4;38.5,117.3
37|Wuhan|Wuhan|CHI|30.6,114.3;34.5,113
38|Shanghai|Shanghai|CHI|31.2,121.2;28,120
39|Canton|Canton|CHI|23.1,113.3;25,117
40|Sichuan|Chengdu|CHI|30.6,104;34,100
41|Yunnan|Kunming|CHI|25,102.7;24,108
42|Vietnam|Hanoi|-|21,105.8;17,106.5
43|Thailand|Bangkok|-|14.5,101;17.5,100
44|Burma|Rangoon|-|17,96;22,96
45|Cochinchina|Saigon|-|11.5,106.5;13,104.8
46|Taiwan|Taipei|-|23.7,121
""",
"OC": """
47|Sumatra|Medan|INA|3.6,98.7;-1,102
48|Malaya|Kuala Lumpur|-|3.5,101.7
49|North Borneo|Kuching|-|2,112.5;5.5,116.5
50|Kalimantan|Banjarmasin|INA|-1,114
51|Luzon|Manila|-|16,121;14.6,121
52|Mindanao|Davao|-|7.5,125
53|West Java|Jakarta|INA|-6.8,107.5
54|Sulawesi|Makassar|INA|-2,120.5;-5.1,119.5
55|East Java|Surabaya|INA|-7.5,112
56|Irian Jaya|Jayapura|INA|-4,138;-2.5,134
57|Papua New Guinea|Port Moresby|-|-6,144;-9.4,147.2
58|North Island|Auckland|-|-38,175.5
59|South Island|Christchurch|-|-43.5,171.5
60|Northern Territory|Darwin|AUS|-13.5,132;-17,134.5
61|Western Australia|Perth|AUS|-31.9,116;-28,118
62|Pilbara|Port Hedland|AUS|-21.5,119;-18,125
63|Queensland|Brisbane|AUS|-26,151;-23,147
64|Central Australia|Alice Springs|AUS|-24,133.5;-27,129
65|South Australia|Adelaide|AUS|-34.9,138.6;-31,135
66|New South Wales|Sydney|AUS|-33.8,151;-32,147
67|Victoria|Melbourne|AUS|-37.8,145
68|Tasmania|Hobart|AUS|-42,146.5
69|Cape York|Cairns|AUS|-17,145;-14,143
""",
"AA": """
1|Graham Land|-|-|-65,-63
2|Coats Land|-|-|-76,-25
3|Queen Maud Land|-|-|-72,15
4|Enderby Land|-|-|-70,50
5|Wilkes Land|-|-|-70,110
6|Victoria Land|-|-|-74,160
7|Marie Byrd Land|-|-|-77,-130
8|Ellsworth Land|-|-|-76,-85
""",
}

# Sea zones: abbreviation | name | seed points. The rules name NWG, IRS, NTH, SoG and CoA.
SEAS = """
CHU|Chukchi Sea|70,-168
BEA|Beaufort Sea|72,-140
NWP|Northwest Passage|74.3,-92;68.8,-100
ARC|Arctic Ocean|80,-150;81,-100
BAF|Baffin Bay|73,-65
HUD|Hudson Bay|59,-86
LAB|Labrador Sea|57,-53
DEN|Denmark Strait|67,-25
GRS|Greenland Sea|76,-5
NWG|Norwegian Sea|67,4;61.5,-3
BAR|Barents Sea|73,40
KAR|Kara Sea|75,70
LAP|Laptev Sea|76,125
ESS|East Siberian Sea|73,160
NAO|North Atlantic Ocean|52,-32
NTH|North Sea|56,3
IRS|Irish Sea|53.7,-5.2
ENG|English Channel|50.2,-2
BIS|Bay of Biscay|45.5,-4.5
SOG|Strait of Gibraltar|36,-7
GSL|Gulf of St. Lawrence|48.5,-62
NWA|Northwest Atlantic|38,-68
SAR|Sargasso Sea|28,-62
MAO|Mid-Atlantic Ocean|35,-35
CAN|Canary Sea|28,-17
CVS|Cape Verde Sea|15,-25
GOG|Gulf of Guinea|2,2
EQA|Equatorial Atlantic|5,-35
BRZ|Brazil Sea|-15,-30
SAT|South Atlantic Ocean|-25,-10
ANB|Angola Basin|-12,6
CAP|Cape Basin|-35,10
ARG|Argentine Basin|-40,-45
COA|Coast of Argentina|-47,-62
DRA|Drake Passage|-58,-65
SCO|Scotia Sea|-56,-40
WED|Weddell Sea|-68,-40
GOM|Gulf of Mexico|25,-90
CAR|Caribbean Sea|15,-75
GAK|Gulf of Alaska|55,-145
BER|Bering Sea|58,-178;58,178
NPE|North Pacific East|38,-145
NPW|North Pacific West|38,165
EPA|Eastern Pacific|30,-125
MXP|Mexican Pacific|15,-105
GOP|Gulf of Panama|5,-85
HUM|Humboldt Sea|-12,-85
CHB|Chile Basin|-35,-85
SPA|South Pacific Ocean|-30,-120
CPA|Central Pacific|5,-150
POL|Polynesian Sea|-15,-165
MEL|Melanesian Sea|-10,165
MIC|Micronesian Sea|12,155
TAS|Tasman Sea|-38,160
CRS|Coral Sea|-17,153
SOP|Southern Pacific Ocean|-58,-140
AMU|Amundsen Sea|-68,-110
BEL|Bellingshausen Sea|-66,-80
ROS|Ross Sea|-72,-175;-70,175
SOA|Southern Atlantic Ocean|-55,0
SOI|Southern Indian Ocean|-50,70
SOZ|Southern Australian Ocean|-55,145
LAZ|Lazarev Sea|-66,10
COS|Cosmonaut Sea|-64,45
DAV|Davis Sea|-63,95
DUR|D'Urville Sea|-63,140
OKH|Sea of Okhotsk|55,150
JPN|Sea of Japan|40,134
YEL|Yellow Sea|36,123
ECS|East China Sea|29,125
PHS|Philippine Sea|20,132
SCS|South China Sea|14,113
GOT|Gulf of Thailand|9.5,102
JAV|Java Sea|-5,110
BAN|Banda Sea|-5,127
CEL|Celebes Sea|4,122
TIM|Timor Sea|-11,127
AFS|Arafura Sea|-10,138
ANS|Andaman Sea|10,96
BEN|Bay of Bengal|15,88
LAC|Laccadive Sea|8,75
ARS|Arabian Sea|15,63
PER|Persian Gulf|27,51.5
RED|Red Sea|20,38.5
GOA|Gulf of Aden|12.5,48
SOM|Somali Sea|0,52
MOZ|Mozambique Channel|-18,41
MAS|Mascarene Sea|-20,58
CIO|Central Indian Ocean|-5,75
WHA|Wharton Sea|-15,95
SIO|South Indian Ocean|-35,80
AGU|Agulhas Sea|-38,30
GAB|Great Australian Bight|-37,130
WAB|West Australian Sea|-28,105
WMS|Western Mediterranean|38.5,4
LYO|Gulf of Lyon|42.3,5
TYS|Tyrrhenian Sea|40,12
ADR|Adriatic Sea|43,15.5
ION|Ionian Sea|36.5,18.5
AEG|Aegean Sea|38.5,25
EMS|Eastern Mediterranean|34,31
SID|Gulf of Sidra|32.5,18.5
WBS|Western Black Sea|43,31
EBS|Eastern Black Sea|43,37
BAL|Baltic Sea|56,18
BOT|Gulf of Bothnia|62,20
CAS|Caspian Sea|42,50.5
SUP|Lake Superior|47.5,-88
LMI|Lake Michigan|43.5,-87
HUR|Lake Huron|45,-82.5
ERI|Lake Erie|42.2,-81
ONT|Lake Ontario|43.6,-77.8
"""

# Lakes the coastline fills in that stay open water on this board (each names one of its seas; kept_lakes).
LAKES = {"CAS": (42, 50.5), "SUP": (47.5, -88), "LMI": (43.5, -87), "HUR": (45, -82.5),
         "ERI": (42.2, -81), "ONT": (43.6, -77.8)}

# Fleet routes along land areas (rules 3.0): each pair must be neighbours on the drawn board.
WATERWAYS = {
    "St. Lawrence Seaway": [("NA25/NC", "NA24"), ("NA16", "NA24"), ("NA24", "NA21")],
    "Mississippi River": [("NA40", "NA37"), ("NA37", "NA35"), ("NA35", "NA29")],
}

# Canal areas (rules 3.0): a fleet passes through them between the seas they touch, like Kiel.
CANALS = {"SA57": "panama", "EP26": "hamburg", "EP80": "istanbul"}
VOLGA_CANAL = ("EP77", "EP78")  # Rostov - Volga, as in the Modern variant

# Areas with two coasts: coast -> the seas on it (None: every other sea). New York's north coast is on Lakes
# Ontario and Erie, its south coast on the Atlantic (rules 3.0). Veracruz, Guatemala and Nicaragua touch both
# oceans; with one coast each they would be canals, and the rules make Panama the only one (3.0).
NEW_YORK = "NA25"
TWO_COASTS = {
    "NA25": {"NC": ("north coast", {"ONT", "ERI"}), "SC": ("south coast", None)},
    "SA48": {"EC": ("east coast", {"GOM", "CAR"}), "WC": ("west coast", None)},
    "SA51": {"EC": ("east coast", {"GOM", "CAR"}), "WC": ("west coast", None)},
    "SA56": {"EC": ("east coast", {"GOM", "CAR"}), "WC": ("west coast", None)},
}

# Israel: fleets reach it from the Eastern Mediterranean only.
ISRAEL = "ME93"
ISRAEL_FLEET_SEAS = {"EMS"}
